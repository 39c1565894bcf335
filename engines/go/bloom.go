package main

// The Bloom filter steps of sketches/bloom/bloom_steps.json on the module's filters package:
// NewBloomFilterBySize / NewBloomFilterByAccuracy with WithSeed, NewBloomFilterFromSlice.
//
// The module lacks, and the step answers unsupported:
//   - deserialize mode=wrap and mode=writable_wrap (it reads images onto the heap only), and so
//     every later step on such a slot;
//   - the serialized size of a filter or of a number of bits (no such function): the query
//     serialized_size and suggest's serialized_size, for themselves only.
// Items reach UpdateInt64, UpdateFloat64, UpdateString and UpdateSlice (their Query and
// QueryAndUpdate counterparts to query): the module's own double overload, as Java's and C++'s.

import (
	"fmt"
	"strconv"

	"github.com/apache/datasketches-go/filters"
)

func bloomFamily() family {
	return family{
		name: "bloom",
		steps: []string{"create", "update", "query_and_update", "query_items", "union", "intersect", "invert",
			"compatible", "reset", "serialize", "deserialize", "suggest", "query"},
		lacks: []string{
			"deserialize mode=wrap and mode=writable_wrap: the module reads images onto the heap only",
			"query serialized_size, suggest's serialized_size: the module has no serialized-size function",
		},
		newStage: func() familyStage {
			return &bloomStage{slots: map[string]filters.BloomFilter{}, unmade: map[string]bool{}}
		},
	}
}

type bloomStage struct {
	slots  map[string]filters.BloomFilter
	unmade map[string]bool // slots of a wrap mode the module lacks
}

// filter is the slot `name`; a slot the module could not make answers `step` unsupported.
func (s *bloomStage) filter(name, step string) (filters.BloomFilter, error) {
	if s.unmade[name] {
		return nil, unsupported(name+"."+step, fmt.Sprintf("it reads slot '%s', which this engine could not make", name))
	}
	return slotIn(s.slots, name)
}

// bloomAnswers asks each item (query, or query and update) and keeps the answers as the bitmap
// the vocabulary names: bit i%8 of byte i/8 is item i's answer.
func bloomAnswers(it *items, ask func(kind itemKind, i int) bool) (bitmap []byte, present, absent int64) {
	n := 0
	switch it.kind {
	case longItems:
		n = len(it.longs)
	case doubleItems:
		n = len(it.doubles)
	default:
		n = len(it.bytes)
	}
	bitmap = make([]byte, (n+7)/8)
	for i := 0; i < n; i++ {
		if ask(it.kind, i) {
			bitmap[i/8] |= 1 << (i % 8)
			present++
		} else {
			absent++
		}
	}
	return bitmap, present, absent
}

func (s *bloomStage) create(o op) (filters.BloomFilter, error) {
	seed, err := o.int("seed")
	if err != nil {
		return nil, err
	}
	by, err := o.str("by")
	if err != nil {
		return nil, err
	}
	if by == "size" {
		bits, err := o.int("num_bits")
		if err != nil {
			return nil, err
		}
		hashes, err := o.int("num_hashes")
		if err != nil {
			return nil, err
		}
		return filters.NewBloomFilterBySize(uint64(bits), uint16(hashes), filters.WithSeed(uint64(seed)))
	}
	maxItems, err := o.int("max_items")
	if err != nil {
		return nil, err
	}
	fpp, err := bloomFpp(o)
	if err != nil {
		return nil, err
	}
	return filters.NewBloomFilterByAccuracy(uint64(maxItems), fpp, filters.WithSeed(uint64(seed)))
}

func bloomFpp(o op) (float64, error) {
	text, err := o.str("fpp")
	if err != nil {
		return 0, err
	}
	fpp, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return 0, rejected(fmt.Sprintf("fpp: '%s' is not a decimal", text))
	}
	return fpp, nil
}

func (s *bloomStage) query(o op, io *stageIO) error {
	f, err := s.filter(o.sketch(), "query")
	if err != nil {
		return err
	}
	for _, q := range o.queries() {
		name := o.out() + "." + q
		switch q {
		case "bits_used":
			io.obs.int(name, int64(f.BitsUsed()))
		case "capacity":
			io.obs.int(name, int64(f.Capacity()))
		case "num_hashes":
			io.obs.int(name, int64(f.NumHashes()))
		case "seed":
			io.obs.int(name, int64(f.Seed()))
		case "is_empty":
			io.obs.bool(name, f.IsEmpty())
		case "serialized_size":
			io.obs.unsupported(name, "the module has no serialized-size function")
		case "to_string":
			io.obs.unsupported(name, "a native-only observation")
		default:
			return rejected(fmt.Sprintf("queries: unknown query '%s'", q))
		}
	}
	return nil
}

func (s *bloomStage) drop(name string) { delete(s.slots, name) }

func (s *bloomStage) step(o op, it *items, io *stageIO) error {
	name := o.sketch()
	switch o.step() {
	case "create":
		f, err := s.create(o)
		if err != nil {
			return err
		}
		s.slots[name] = f
		delete(s.unmade, name)
	case "update":
		if it == nil {
			return rejected("update: no items")
		}
		f, err := s.filter(name, "update")
		if err != nil {
			return err
		}
		return updateAll(it, f)
	case "query_items", "query_and_update":
		if it == nil {
			return rejected(o.step() + ": no items")
		}
		f, err := s.filter(name, o.step())
		if err != nil {
			return err
		}
		andUpdate := o.step() == "query_and_update"
		bitmap, present, absent := bloomAnswers(it, func(kind itemKind, i int) bool {
			switch kind {
			case longItems:
				if andUpdate {
					return f.QueryAndUpdateInt64(it.longs[i])
				}
				return f.QueryInt64(it.longs[i])
			case doubleItems:
				if andUpdate {
					return f.QueryAndUpdateFloat64(it.doubles[i])
				}
				return f.QueryFloat64(it.doubles[i])
			case stringItems:
				if andUpdate {
					return f.QueryAndUpdateString(string(it.bytes[i]))
				}
				return f.QueryString(string(it.bytes[i]))
			}
			if andUpdate {
				return f.QueryAndUpdateSlice(it.bytes[i])
			}
			return f.QuerySlice(it.bytes[i])
		})
		as := o.out()
		io.obs.bytes(as+".answers", bitmap)
		io.obs.int(as+".present", present)
		io.obs.int(as+".absent", absent)
	case "union", "intersect":
		from, err := o.str("from")
		if err != nil {
			return err
		}
		src, err := s.filter(from, o.step())
		if err != nil {
			return err
		}
		f, err := s.filter(name, o.step())
		if err != nil {
			return err
		}
		if o.step() == "union" {
			return f.Union(src)
		}
		return f.Intersect(src)
	case "invert", "reset":
		f, err := s.filter(name, o.step())
		if err != nil {
			return err
		}
		if o.step() == "invert" {
			return f.Invert()
		}
		return f.Reset()
	case "compatible":
		with, err := o.str("with")
		if err != nil {
			return err
		}
		other, err := s.filter(with, "compatible")
		if err != nil {
			return err
		}
		f, err := s.filter(name, "compatible")
		if err != nil {
			return err
		}
		as, err := o.str("as")
		if err != nil {
			return err
		}
		io.obs.bool(as, f.IsCompatible(other))
	case "serialize":
		f, err := s.filter(name, "serialize")
		if err != nil {
			return err
		}
		image, err := f.ToCompactSlice()
		if err != nil {
			return err
		}
		form, _ := o.optStr("form")
		io.obs.bytes(o.out()+"."+form, image)
	case "deserialize":
		imageName, err := o.str("image")
		if err != nil {
			return err
		}
		image, err := io.image(imageName)
		if err != nil {
			return err
		}
		switch mode, _ := o.optStr("mode"); mode {
		case "heapify":
			f, err := filters.NewBloomFilterFromSlice(image)
			if err != nil {
				return err
			}
			s.slots[name] = f
			delete(s.unmade, name)
		case "wrap", "writable_wrap":
			delete(s.slots, name)
			s.unmade[name] = true
			return unsupported(name+".deserialize", "the module reads images onto the heap only")
		default:
			return rejected(fmt.Sprintf("mode: '%s' is not heapify, wrap or writable_wrap", mode))
		}
	case "suggest":
		maxItems, err := o.int("max_items")
		if err != nil {
			return err
		}
		bits, err := o.int("num_bits")
		if err != nil {
			return err
		}
		fpp, err := bloomFpp(o)
		if err != nil {
			return err
		}
		as, err := o.str("as")
		if err != nil {
			return err
		}
		io.obs.int(as+".num_bits", int64(filters.SuggestNumFilterBits(uint64(maxItems), fpp)))
		io.obs.int(as+".num_hashes_by_fpp", int64(filters.SuggestNumHashes(fpp)))
		io.obs.int(as+".num_hashes_by_size", int64(filters.SuggestNumHashesFromSize(uint64(maxItems), uint64(bits))))
		io.obs.unsupported(as+".serialized_size", "the module has no serialized-size function")
	case "query":
		return s.query(o, io)
	default:
		return rejected(fmt.Sprintf("'%s' is not a bloom step", o.step()))
	}
	return nil
}
