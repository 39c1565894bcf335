package main

// The Frequent items steps of sketches/fi/fi_steps.json on the module's frequencies package:
// LongsSketch for long items (Java's FrequentLongsSketch, impl=longs), ItemsSketch[int64] with the
// module's long hasher and serde (impl=items), ItemsSketch[string] with its string hasher and
// UTF-8 serde for string items.
//
// The module lacks, and the step answers unsupported:
//   - serialize and deserialize with serde utf16 (Java's ArrayOfUtf16StringsSerDe);
//   - the query to_string (compared between native builds only), for itself only.
// epsilon is the module's GetEpsilon...(maxMapSize), the map size being 4/3 of the maximum map
// capacity the sketch reports; serialized_size is the length of its image.

import (
	"fmt"
	"strconv"

	"github.com/apache/datasketches-go/common"
	"github.com/apache/datasketches-go/frequencies"
)

func fiFamily() family {
	return family{
		name:  "fi",
		steps: []string{"create", "update", "merge", "serialize", "deserialize", "query"},
		lacks: []string{
			"serialize/deserialize serde=utf16: the module's string serde writes UTF-8",
			"query to_string: native-only",
		},
		newStage: func() familyStage { return &fiStage{slots: map[string]fiSketch{}} },
	}
}

// fiSketch is a slot, whatever its item type.
type fiSketch interface {
	update(it *items, weight int64) error
	merge(other fiSketch) error
	image() ([]byte, error)
	query(o op, io *stageIO) error
}

// fiOps are the calls LongsSketch and ItemsSketch[C] both make, with their rows; item writes a
// row's item or parses a key.
type fiOps[C comparable, R any] struct {
	streamLength, maximumError func() int64
	numActive, maxMapCapacity  func() int
	isEmpty                    func() bool
	estimate, lower, upper     func(C) (int64, error)
	frequent                   func(threshold int64, nfn bool, withThreshold bool) ([]R, error)
	row                        func(R) (C, int64, int64, int64)
	toSlice                    func() ([]byte, error)
	key                        func(string) (C, error)
	item                       func(io *stageIO, name string, x C)
}

func (f fiOps[C, R]) query(o op, io *stageIO) error {
	prefix := o.out()
	var keys []string
	if list, ok := o["keys"].([]any); ok {
		for _, k := range list {
			if s, ok := k.(string); ok {
				keys = append(keys, s)
			}
		}
	}
	for _, q := range o.queries() {
		name := prefix + "." + q
		switch q {
		case "total_weight":
			io.obs.int(name, f.streamLength())
		case "maximum_error":
			io.obs.int(name, f.maximumError())
		case "num_active_items":
			io.obs.int(name, int64(f.numActive()))
		case "is_empty":
			io.obs.bool(name, f.isEmpty())
		case "epsilon":
			e, err := frequencies.GetEpsilonLongsSketch(f.maxMapCapacity() / 3 * 4)
			if err != nil {
				return err
			}
			io.obs.double(name, e)
		case "serialized_size":
			image, err := f.toSlice()
			if err != nil {
				return err
			}
			io.obs.int(name, int64(len(image)))
		case "to_string":
			io.obs.unsupported(name, "a native-only observation")
		case "estimate", "lower_bound", "upper_bound":
			get := map[string]func(C) (int64, error){"estimate": f.estimate, "lower_bound": f.lower, "upper_bound": f.upper}[q]
			for i, k := range keys {
				key, err := f.key(k)
				if err != nil {
					return err
				}
				v, err := get(key)
				if err != nil {
					return err
				}
				io.obs.int(fmt.Sprintf("%s[%d]", name, i), v)
			}
		case "frequent_nfp", "frequent_nfn":
			threshold, err := o.int("threshold")
			rows, ferr := f.frequent(threshold, q == "frequent_nfn", err == nil)
			if ferr != nil {
				return ferr
			}
			io.obs.int(name+".size", int64(len(rows)))
			for i, r := range rows {
				x, est, lb, ub := f.row(r)
				rn := fmt.Sprintf("%s[%d]", name, i)
				f.item(io, rn, x)
				io.obs.int(rn+".estimate", est)
				io.obs.int(rn+".lower_bound", lb)
				io.obs.int(rn+".upper_bound", ub)
			}
		default:
			return rejected(fmt.Sprintf("queries: unknown query '%s'", q))
		}
	}
	return nil
}

// longsSlot is a LongsSketch.
type longsSlot struct{ s *frequencies.LongsSketch }

func (l longsSlot) update(it *items, weight int64) error {
	if it.kind != longItems {
		return rejected("the items do not fit a long sketch")
	}
	for _, x := range it.longs {
		if err := l.s.UpdateMany(x, weight); err != nil {
			return err
		}
	}
	return nil
}

func (l longsSlot) merge(other fiSketch) error {
	o, ok := other.(longsSlot)
	if !ok {
		return rejected("merge: the slots hold other sketch types")
	}
	_, err := l.s.Merge(o.s)
	return err
}

func (l longsSlot) image() ([]byte, error) { return l.s.ToSlice(), nil }

func (l longsSlot) query(o op, io *stageIO) error {
	s := l.s
	return fiOps[int64, *frequencies.Row]{
		streamLength: s.GetStreamLength, maximumError: s.GetMaximumError,
		numActive: s.GetNumActiveItems, maxMapCapacity: s.GetMaximumMapCapacity, isEmpty: s.IsEmpty,
		estimate: s.GetEstimate, lower: s.GetLowerBound, upper: s.GetUpperBound,
		frequent: func(t int64, nfn, withT bool) ([]*frequencies.Row, error) {
			if nfn {
				if withT {
					return s.GetFrequentItemsWithThreshold(t, frequencies.ErrorTypeEnum.NoFalseNegatives)
				}
				return s.GetFrequentItems(frequencies.ErrorTypeEnum.NoFalseNegatives)
			}
			if withT {
				return s.GetFrequentItemsWithThreshold(t, frequencies.ErrorTypeEnum.NoFalsePositives)
			}
			return s.GetFrequentItems(frequencies.ErrorTypeEnum.NoFalsePositives)
		},
		row: func(r *frequencies.Row) (int64, int64, int64, int64) {
			return r.GetItem(), r.GetEstimate(), r.GetLowerBound(), r.GetUpperBound()
		},
		toSlice: func() ([]byte, error) { return s.ToSlice(), nil },
		key:     longKey,
		item:    func(io *stageIO, name string, x int64) { io.obs.int(name, x) },
	}.query(o, io)
}

func longKey(k string) (int64, error) {
	v, err := strconv.ParseInt(k, 10, 64)
	if err != nil {
		return 0, rejected(fmt.Sprintf("keys: '%s' is not a long", k))
	}
	return v, nil
}

// itemsSlot is an ItemsSketch[C].
type itemsSlot[C comparable] struct {
	s    *frequencies.ItemsSketch[C]
	put  func(it *items) ([]C, error)
	key  func(string) (C, error)
	item func(io *stageIO, name string, x C)
}

func (i itemsSlot[C]) update(it *items, weight int64) error {
	xs, err := i.put(it)
	if err != nil {
		return err
	}
	for _, x := range xs {
		if err := i.s.UpdateMany(x, weight); err != nil {
			return err
		}
	}
	return nil
}

func (i itemsSlot[C]) merge(other fiSketch) error {
	o, ok := other.(itemsSlot[C])
	if !ok {
		return rejected("merge: the slots hold other sketch types")
	}
	_, err := i.s.Merge(o.s)
	return err
}

func (i itemsSlot[C]) image() ([]byte, error) { return i.s.ToSlice() }

func (i itemsSlot[C]) query(o op, io *stageIO) error {
	s := i.s
	return fiOps[C, *frequencies.RowItem[C]]{
		streamLength: s.GetStreamLength, maximumError: s.GetMaximumError,
		numActive: s.GetNumActiveItems, maxMapCapacity: s.GetMaximumMapCapacity, isEmpty: s.IsEmpty,
		estimate: s.GetEstimate, lower: s.GetLowerBound, upper: s.GetUpperBound,
		frequent: func(t int64, nfn, withT bool) ([]*frequencies.RowItem[C], error) {
			if nfn {
				if withT {
					return s.GetFrequentItemsWithThreshold(t, frequencies.ErrorTypeEnum.NoFalseNegatives)
				}
				return s.GetFrequentItems(frequencies.ErrorTypeEnum.NoFalseNegatives)
			}
			if withT {
				return s.GetFrequentItemsWithThreshold(t, frequencies.ErrorTypeEnum.NoFalsePositives)
			}
			return s.GetFrequentItems(frequencies.ErrorTypeEnum.NoFalsePositives)
		},
		row: func(r *frequencies.RowItem[C]) (C, int64, int64, int64) {
			return r.GetItem(), r.GetEstimate(), r.GetLowerBound(), r.GetUpperBound()
		},
		toSlice: s.ToSlice,
		key:     i.key,
		item:    i.item,
	}.query(o, io)
}

func longItemsSlot(s *frequencies.ItemsSketch[int64]) fiSketch {
	return itemsSlot[int64]{s: s, key: longKey,
		put: func(it *items) ([]int64, error) {
			if it.kind != longItems {
				return nil, rejected("the items do not fit a long sketch")
			}
			return it.longs, nil
		},
		item: func(io *stageIO, name string, x int64) { io.obs.int(name, x) }}
}

func stringItemsSlot(s *frequencies.ItemsSketch[string]) fiSketch {
	return itemsSlot[string]{s: s, key: func(k string) (string, error) { return k, nil },
		put: func(it *items) ([]string, error) {
			if it.kind != stringItems {
				return nil, rejected("the items do not fit a string sketch")
			}
			xs := make([]string, len(it.bytes))
			for i, b := range it.bytes {
				xs[i] = string(b)
			}
			return xs, nil
		},
		item: func(io *stageIO, name string, x string) { io.obs.string(name, x) }}
}

type fiStage struct {
	slots map[string]fiSketch
}

func (s *fiStage) slot(name string) (fiSketch, error) { return slotIn(s.slots, name) }

func utf16(o op) bool {
	serde, ok := o.optStr("serde")
	return ok && serde != "utf8"
}

// kind is the slot kind a create or deserialize step asks for: "longs", "items" or "string".
func fiKind(o op) (string, error) {
	item, err := o.str("item")
	if err != nil {
		return "", err
	}
	switch item {
	case "long":
		if impl, ok := o.optStr("impl"); ok && impl == "items" {
			return "items", nil
		}
		return "longs", nil
	case "string":
		return "string", nil
	}
	return "", rejected(fmt.Sprintf("item: '%s' is neither long nor string", item))
}

func (s *fiStage) drop(name string) { delete(s.slots, name) }

func (s *fiStage) step(o op, it *items, io *stageIO) error {
	name := o.sketch()
	switch o.step() {
	case "create":
		lg, err := o.int("lg_max_map_size")
		if err != nil {
			return err
		}
		kind, err := fiKind(o)
		if err != nil {
			return err
		}
		size := 0
		if lg >= 0 && lg < 31 {
			size = 1 << lg
		}
		var slot fiSketch
		switch kind {
		case "longs":
			var sk *frequencies.LongsSketch
			if sk, err = frequencies.NewLongsSketchWithMaxMapSize(size); err == nil {
				slot = longsSlot{sk}
			}
		case "items":
			var sk *frequencies.ItemsSketch[int64]
			if sk, err = frequencies.NewFrequencyItemsSketchWithMaxMapSize[int64](size, common.ItemSketchLongHasher{}, common.ItemSketchLongSerDe{}); err == nil {
				slot = longItemsSlot(sk)
			}
		default:
			var sk *frequencies.ItemsSketch[string]
			if sk, err = frequencies.NewFrequencyItemsSketchWithMaxMapSize[string](size, common.ItemSketchStringHasher{}, common.ItemSketchStringSerDe{}); err == nil {
				slot = stringItemsSlot(sk)
			}
		}
		if err != nil {
			return err
		}
		s.slots[name] = slot
	case "update":
		if it == nil {
			return rejected("update: no items")
		}
		weight := int64(1)
		if w, err := o.int("weight"); err == nil {
			weight = w
		}
		sk, err := s.slot(name)
		if err != nil {
			return err
		}
		return sk.update(it, weight)
	case "merge":
		from, err := o.str("from")
		if err != nil {
			return err
		}
		other, err := s.slot(from)
		if err != nil {
			return err
		}
		sk, err := s.slot(name)
		if err != nil {
			return err
		}
		return sk.merge(other)
	case "serialize":
		if form, _ := o.str("form"); form != "compact" {
			return rejected("form: Frequent items images are compact")
		}
		field := o.out() + ".compact"
		if utf16(o) {
			// Only this field: the sketch itself is fine for the steps after it.
			io.obs.unsupported(field, "the module's string serde writes UTF-8")
			return nil
		}
		sk, err := s.slot(name)
		if err != nil {
			return err
		}
		image, err := sk.image()
		if err != nil {
			return err
		}
		io.obs.bytes(field, image)
	case "deserialize":
		if utf16(o) {
			return unsupported(name+".deserialize", "the module's string serde reads UTF-8")
		}
		imageName, err := o.str("image")
		if err != nil {
			return err
		}
		image, err := io.image(imageName)
		if err != nil {
			return err
		}
		kind, err := fiKind(o)
		if err != nil {
			return err
		}
		var slot fiSketch
		switch kind {
		case "longs":
			var sk *frequencies.LongsSketch
			if sk, err = frequencies.NewLongsSketchFromSlice(image); err == nil {
				slot = longsSlot{sk}
			}
		case "items":
			var sk *frequencies.ItemsSketch[int64]
			if sk, err = frequencies.NewFrequencyItemsSketchFromSlice[int64](image, common.ItemSketchLongHasher{}, common.ItemSketchLongSerDe{}); err == nil {
				slot = longItemsSlot(sk)
			}
		default:
			var sk *frequencies.ItemsSketch[string]
			if sk, err = frequencies.NewFrequencyItemsSketchFromSlice[string](image, common.ItemSketchStringHasher{}, common.ItemSketchStringSerDe{}); err == nil {
				slot = stringItemsSlot(sk)
			}
		}
		if err != nil {
			return err
		}
		s.slots[name] = slot
	case "query":
		sk, err := s.slot(name)
		if err != nil {
			return err
		}
		return sk.query(o, io)
	default:
		return rejected(fmt.Sprintf("'%s' is not an fi step", o.step()))
	}
	return nil
}
