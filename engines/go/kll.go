package main

// The KLL steps of sketches/kll/kll_steps.json on the module's kll package: ItemsSketch of
// float64, float32, int64 and string with the module's comparators and serdes.
//
// Random bits: the module compacts with the global math/rand (randomlyHalveUpItems), seeded at
// random at start, and rand.Seed is a no-op from Go 1.24: a case's seed cannot be honoured. An
// update or merge that compacted (fewer items retained than it added) made a sketch of bits nobody
// chose: as for the Python and Rust engines (docs/case-format.md) the step answers
// "<sketch>.<step>" unsupported and the slot is unusable from there on; with seed_optional (an
// accuracy study, judged against the truth) it compacts with the module's own bits and the field
// "lang.random_bits" says so. Steps that do not compact are compared like any other.
//
// Items go to Update as they are, NaN included (what the module makes of it is its own).
// The module lacks, and the step answers unsupported: deserialize mode=wrap (Java only), the
// queries to_string and heap_bytes (native-only). Not declared: copy (no copy or clone of a
// sketch in the module), convert. merge how=move is a merge (Go has no move).

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/apache/datasketches-go/common"
	"github.com/apache/datasketches-go/kll"
)

func kllFamily() family {
	return family{
		name:  "kll",
		steps: []string{"create", "update", "merge", "serialize", "deserialize", "query"},
		lacks: []string{
			"update/merge that compacts under a seed: the module's random bits (math/rand) cannot be seeded",
			"copy, convert: no copy of a sketch in the module",
			"deserialize mode=wrap: Java only",
			"queries to_string, heap_bytes: native-only",
		},
		newStage: func() familyStage { return &kllStage{slots: map[string]kllSlot{}} },
	}
}

// kllItem is what an item type brings: the module's comparator and serde, and the tape and text
// forms of its items.
type kllItem[C comparable] struct {
	less     common.CompareFn[C]
	serde    common.ItemSketchSerde[C]
	fromTape func(*items) ([]C, error)
	parse    func(string) (C, error)
	observe  func(*observations, string, C)
}

func wrongTape() error { return rejected("the items do not fit the slot's item type") }

var kllDoubles = kllItem[float64]{
	less: common.ItemSketchDoubleComparator(false), serde: common.ItemSketchDoubleSerDe{},
	fromTape: func(it *items) ([]float64, error) {
		if it.kind != doubleItems {
			return nil, wrongTape()
		}
		return it.doubles, nil
	},
	parse:   func(t string) (float64, error) { return strconv.ParseFloat(t, 64) },
	observe: func(o *observations, name string, x float64) { o.double(name, x) },
}

var kllFloats = kllItem[float32]{
	less: common.ItemSketchFloatComparator(false), serde: common.ItemSketchFloatSerDe{},
	fromTape: func(it *items) ([]float32, error) {
		if it.kind != doubleItems {
			return nil, wrongTape()
		}
		out := make([]float32, len(it.doubles))
		for i, x := range it.doubles {
			out[i] = float32(x)
		}
		return out, nil
	},
	// Rounded to float as strtof would.
	parse: func(t string) (float32, error) {
		x, err := strconv.ParseFloat(t, 32)
		return float32(x), err
	},
	observe: func(o *observations, name string, x float32) { o.double(name, float64(x)) },
}

var kllLongs = kllItem[int64]{
	less: common.ItemSketchLongComparator(false), serde: common.ItemSketchLongSerDe{},
	fromTape: func(it *items) ([]int64, error) {
		if it.kind != longItems {
			return nil, wrongTape()
		}
		return it.longs, nil
	},
	parse:   func(t string) (int64, error) { return strconv.ParseInt(t, 10, 64) },
	observe: func(o *observations, name string, x int64) { o.int(name, x) },
}

var kllStrings = kllItem[string]{
	less: common.ItemSketchStringComparator(false), serde: common.ItemSketchStringSerDe{},
	fromTape: func(it *items) ([]string, error) {
		if it.kind != stringItems {
			return nil, wrongTape()
		}
		out := make([]string, len(it.bytes))
		for i, b := range it.bytes {
			out[i] = string(b)
		}
		return out, nil
	},
	parse:   func(t string) (string, error) { return t, nil },
	observe: func(o *observations, name string, x string) { o.string(name, x) },
}

// kllSlot is a sketch of any item type, as the steps use it.
type kllSlot interface {
	// update adds the items; whether it compacted.
	update(it *items) (bool, error)
	// merge merges `from` (a slot of the same item type); whether it compacted.
	merge(from kllSlot) (bool, error)
	serialize() ([]byte, error)
	query(o op, obs *observations) error
}

type kllSketch[C comparable] struct {
	item kllItem[C]
	s    *kll.ItemsSketch[C]
}

func (k *kllSketch[C]) update(it *items) (bool, error) {
	values, err := k.item.fromTape(it)
	if err != nil {
		return false, err
	}
	expected := int(k.s.GetNumRetained()) + len(values)
	for _, v := range values {
		k.s.Update(v)
	}
	return int(k.s.GetNumRetained()) < expected, nil
}

func (k *kllSketch[C]) merge(from kllSlot) (bool, error) {
	other, ok := from.(*kllSketch[C])
	if !ok {
		return false, rejected("merge: the slots hold other item types")
	}
	expected := k.s.GetNumRetained() + other.s.GetNumRetained()
	k.s.Merge(other.s)
	return k.s.GetNumRetained() < expected, nil
}

func (k *kllSketch[C]) serialize() ([]byte, error) { return k.s.ToSlice() }

func (k *kllSketch[C]) points(o op) ([]C, error) {
	list, _ := o["points"].([]any)
	out := make([]C, 0, len(list))
	for _, v := range list {
		text, _ := v.(string)
		p, err := k.item.parse(text)
		if err != nil {
			return nil, rejected(fmt.Sprintf("points: '%s' is not an item of the slot", text))
		}
		out = append(out, p)
	}
	return out, nil
}

func (k *kllSketch[C]) query(o op, obs *observations) error {
	ranks, err := o.decimals("ranks")
	if err != nil {
		return err
	}
	points, err := k.points(o)
	if err != nil {
		return err
	}
	for _, q := range o.queries() {
		name := o.out() + "." + q
		inclusive := !strings.HasSuffix(q, "_excl")
		switch strings.TrimSuffix(q, "_excl") {
		case "n":
			obs.int(name, int64(k.s.GetN()))
		case "k":
			obs.int(name, int64(k.s.GetK()))
		case "num_retained":
			obs.int(name, int64(k.s.GetNumRetained()))
		case "is_empty":
			obs.bool(name, k.s.IsEmpty())
		case "is_estimation_mode":
			obs.bool(name, k.s.IsEstimationMode())
		case "min", "max":
			get := k.s.GetMinItem
			if q == "max" {
				get = k.s.GetMaxItem
			}
			v, err := get()
			if err != nil {
				return err
			}
			k.item.observe(obs, name, v)
		case "rank_error":
			obs.double(name, k.s.GetNormalizedRankError(false))
		case "rank_error_pmf":
			obs.double(name, k.s.GetNormalizedRankError(true))
		case "serialized_size":
			size, err := k.s.GetSerializedSizeBytes()
			if err != nil {
				return err
			}
			obs.int(name, int64(size))
		case "to_string", "heap_bytes":
			obs.unsupported(name, "a native-only observation")
		case "quantiles":
			for i, r := range ranks {
				v, err := k.s.GetQuantile(r, inclusive)
				if err != nil {
					return err
				}
				k.item.observe(obs, fmt.Sprintf("%s[%d]", name, i), v)
			}
		case "ranks":
			for i, p := range points {
				r, err := k.s.GetRank(p, inclusive)
				if err != nil {
					return err
				}
				obs.double(fmt.Sprintf("%s[%d]", name, i), r)
			}
		case "pmf", "cdf":
			get := k.s.GetPMF
			if strings.HasPrefix(q, "cdf") {
				get = k.s.GetCDF
			}
			values, err := get(points, inclusive)
			if err != nil {
				return err
			}
			for i, v := range values {
				obs.double(fmt.Sprintf("%s[%d]", name, i), v)
			}
		default:
			return rejected(fmt.Sprintf("queries: unknown query '%s'", q))
		}
	}
	return nil
}

// newKllSlot makes a slot of the item type `item` names from `make` of that type.
func newKllSlot(item string, k uint16, image []byte) (kllSlot, error) {
	switch item {
	case "double":
		return makeKll(kllDoubles, k, image)
	case "float":
		return makeKll(kllFloats, k, image)
	case "long":
		return makeKll(kllLongs, k, image)
	case "string":
		return makeKll(kllStrings, k, image)
	}
	return nil, rejected(fmt.Sprintf("item: '%s' is not double, float, long or string", item))
}

// makeKll is a new sketch of k, or the sketch an image holds when there is one.
func makeKll[C comparable](item kllItem[C], k uint16, image []byte) (kllSlot, error) {
	var s *kll.ItemsSketch[C]
	var err error
	if image != nil {
		s, err = kll.NewKllItemsSketchFromSlice[C](image, item.less, item.serde)
	} else {
		s, err = kll.NewKllItemsSketch[C](k, 8, item.less, item.serde)
	}
	if err != nil {
		return nil, err
	}
	return &kllSketch[C]{item, s}, nil
}

// kllStage holds the slots of one stage.
type kllStage struct {
	slots map[string]kllSlot
	// ownBits: a seed_optional step compacted with the module's own bits ("lang.random_bits").
	ownBits bool
}

// compacted: a step compacted, with the module's random bits, not the case's.
func (s *kllStage) compacted(o op, io *stageIO) error {
	if optional, _ := o["seed_optional"].(bool); !optional {
		return unsupported(o.sketch()+"."+o.step(),
			fmt.Sprintf("this %s compacted, and the module cannot pin the random bits of KLL compactions", o.step()))
	}
	if !s.ownBits {
		s.ownBits = true
		io.obs.unsupported("lang.random_bits", "the module cannot pin the random bits of KLL compactions: this case compacted with its own")
	}
	return nil
}

func (s *kllStage) drop(name string) { delete(s.slots, name) }

func (s *kllStage) step(o op, it *items, io *stageIO) error {
	name := o.sketch()
	switch o.step() {
	case "create":
		k, err := o.int("k")
		if err != nil {
			return err
		}
		if k < 0 || k > 65535 {
			return rejected("k: not in 0..65535")
		}
		item, err := o.str("item")
		if err != nil {
			return err
		}
		slot, err := newKllSlot(item, uint16(k), nil)
		if err != nil {
			return err
		}
		s.slots[name] = slot
	case "update":
		slot, err := slotIn(s.slots, name)
		if err != nil {
			return err
		}
		if it == nil {
			return rejected("update: no items")
		}
		compacted, err := slot.update(it)
		if err != nil {
			return err
		}
		if compacted {
			return s.compacted(o, io)
		}
	case "merge":
		slot, err := slotIn(s.slots, name)
		if err != nil {
			return err
		}
		from, err := o.str("from")
		if err != nil {
			return err
		}
		other, err := slotIn(s.slots, from)
		if err != nil {
			return err
		}
		compacted, err := slot.merge(other)
		if err != nil {
			return err
		}
		if compacted {
			return s.compacted(o, io)
		}
	case "serialize":
		if form, _ := o.optStr("form"); form != "compact" {
			return rejected("form: KLL images are compact")
		}
		slot, err := slotIn(s.slots, name)
		if err != nil {
			return err
		}
		image, err := slot.serialize()
		if err != nil {
			return err
		}
		io.obs.bytes(o.out()+".compact", image)
	case "deserialize":
		if mode, _ := o.optStr("mode"); mode == "wrap" {
			return unsupported(name+".deserialize", "wrap is a Java-only operation")
		}
		key, err := o.str("image")
		if err != nil {
			return err
		}
		image, err := io.image(key)
		if err != nil {
			return err
		}
		item, err := o.str("item")
		if err != nil {
			return err
		}
		slot, err := newKllSlot(item, 0, image)
		if err != nil {
			return err
		}
		s.slots[name] = slot
	case "query":
		slot, err := slotIn(s.slots, name)
		if err != nil {
			return err
		}
		return slot.query(o, io.obs)
	default:
		return rejected(fmt.Sprintf("'%s' is not a kll step", o.step()))
	}
	return nil
}
