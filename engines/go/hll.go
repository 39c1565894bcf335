package main

// The HLL steps of sketches/hll/hll_steps.json on the module's hll package.
//
// Not declared (the module has no counterpart; the harness answers them unsupported): rel_err (the
// relative error tables are not exported). Declared steps the module can do in some variants only
// answer <slot>.<step> unsupported for the others (the lacks below).

import (
	"fmt"

	"github.com/apache/datasketches-go/hll"
)

func hllFamily() family {
	return family{
		name:  "hll",
		steps: []string{"create", "union", "update", "merge", "result", "serialize", "deserialize", "copy", "convert", "reset", "query"},
		lacks: []string{
			"deserialize mode=wrap/writable_wrap: Java only",
			"query is_compact: HllSketch has no such method",
		},
		newStage: func() familyStage { return &hllStage{slots: map[string]any{}} },
	}
}

// hllStage holds the slots: hll.HllSketch or hll.Union.
type hllStage struct {
	slots map[string]any
}

var hllTypes = map[string]hll.TgtHllType{"HLL_4": hll.TgtHllTypeHll4, "HLL_6": hll.TgtHllTypeHll6, "HLL_8": hll.TgtHllTypeHll8}

func hllType(o op, def string) (hll.TgtHllType, error) {
	name, ok := o.optStr("type")
	if !ok && def != "" {
		name = def
	}
	if t, ok := hllTypes[name]; ok {
		return t, nil
	}
	return 0, rejected(fmt.Sprintf("type: '%s' is not HLL_4, HLL_6 or HLL_8", name))
}

func hllTypeName(t hll.TgtHllType) string {
	for name, v := range hllTypes {
		if v == t {
			return name
		}
	}
	return fmt.Sprint(t)
}

func (s *hllStage) slot(name string) (any, error) { return slotIn(s.slots, name) }

func (s *hllStage) sketch(name string) (hll.HllSketch, error) {
	return slotAs[hll.HllSketch](s.slots, name, "a sketch")
}

func (s *hllStage) union(name string) (hll.Union, error) {
	return slotAs[hll.Union](s.slots, name, "a union")
}

// hllEstimable is what a sketch and a union both answer.
type hllEstimable interface {
	hashSink
	GetEstimate() (float64, error)
	GetCompositeEstimate() (float64, error)
	GetLowerBound(numStdDev int) (float64, error)
	GetUpperBound(numStdDev int) (float64, error)
	IsEmpty() bool
	GetLgConfigK() int
	Reset() error
}

func (s *hllStage) query(o op, io *stageIO) error {
	v, err := s.slot(o.sketch())
	if err != nil {
		return err
	}
	e := v.(hllEstimable)
	sk, isSketch := v.(hll.HllSketch)
	for _, q := range o.queries() {
		name := o.out() + "." + q
		var x float64
		var err error
		switch q {
		case "estimate":
			x, err = e.GetEstimate()
		case "composite":
			x, err = e.GetCompositeEstimate()
		case "lb1", "lb2", "lb3":
			x, err = e.GetLowerBound(int(q[2] - '0'))
		case "ub1", "ub2", "ub3":
			x, err = e.GetUpperBound(int(q[2] - '0'))
		case "is_empty":
			io.obs.bool(name, e.IsEmpty())
			continue
		case "lg_k":
			io.obs.int(name, int64(e.GetLgConfigK()))
			continue
		case "is_compact", "type", "compact_size", "updatable_size":
			if !isSketch {
				return rejected(fmt.Sprintf("queries: '%s' is not defined on a union", q))
			}
			switch q {
			case "is_compact":
				io.obs.unsupported(name, "HllSketch has no such method")
			case "type":
				io.obs.string(name, hllTypeName(sk.GetTgtHllType()))
			case "compact_size":
				image, err := sk.ToCompactSlice()
				if err != nil {
					return err
				}
				io.obs.int(name, int64(len(image)))
			case "updatable_size":
				io.obs.int(name, int64(sk.GetUpdatableSerializationBytes()))
			}
			continue
		default:
			return rejected(fmt.Sprintf("queries: unknown query '%s'", q))
		}
		if err != nil {
			return err
		}
		io.obs.double(name, x)
	}
	return nil
}

func (s *hllStage) drop(name string) { delete(s.slots, name) }

func (s *hllStage) step(o op, it *items, io *stageIO) error {
	name := o.sketch()
	switch o.step() {
	case "create":
		lgK, err := o.int("lg_k")
		if err != nil {
			return err
		}
		t, err := hllType(o, "")
		if err != nil {
			return err
		}
		sk, err := hll.NewHllSketch(int(lgK), t)
		if err != nil {
			return err
		}
		s.slots[name] = sk
	case "union":
		lgMaxK, err := o.int("lg_max_k")
		if err != nil {
			return err
		}
		u, err := hll.NewUnion(int(lgMaxK))
		if err != nil {
			return err
		}
		s.slots[name] = u
	case "update":
		if it == nil {
			return rejected("update: no items")
		}
		v, err := s.slot(name)
		if err != nil {
			return err
		}
		return updateAll(it, v.(hashSink))
	case "merge":
		// how=move is a copy: Go has no move (Java's move is a copy too).
		from, err := o.str("from")
		if err != nil {
			return err
		}
		sk, err := s.sketch(from)
		if err != nil {
			return err
		}
		u, err := s.union(name)
		if err != nil {
			return err
		}
		return u.UpdateSketch(sk)
	case "result":
		from, err := o.str("from")
		if err != nil {
			return err
		}
		t, err := hllType(o, "HLL_4")
		if err != nil {
			return err
		}
		u, err := s.union(from)
		if err != nil {
			return err
		}
		sk, err := u.GetResult(t)
		if err != nil {
			return err
		}
		s.slots[name] = sk
	case "serialize":
		sk, err := s.sketch(name)
		if err != nil {
			return err
		}
		form, err := o.str("form")
		if err != nil {
			return err
		}
		var image []byte
		switch form {
		case "compact":
			image, err = sk.ToCompactSlice()
		case "updatable":
			image, err = sk.ToUpdatableSlice()
		default:
			return rejected(fmt.Sprintf("form: '%s' is neither compact nor updatable", form))
		}
		if err != nil {
			return err
		}
		io.obs.bytes(o.out()+"."+form, image)
	case "deserialize":
		if mode, ok := o.optStr("mode"); ok && mode != "heapify" {
			return unsupported(name+".deserialize", "wrap is a Java-only operation")
		}
		imageName, err := o.str("image")
		if err != nil {
			return err
		}
		image, err := io.image(imageName)
		if err != nil {
			return err
		}
		// checkRebuild as Java's heapify does.
		sk, err := hll.NewHllSketchFromSlice(image, true)
		if err != nil {
			return err
		}
		s.slots[name] = sk
	case "copy", "convert":
		from, err := o.str("from")
		if err != nil {
			return err
		}
		src, err := s.sketch(from)
		if err != nil {
			return err
		}
		var sk hll.HllSketch
		if o.step() == "copy" {
			sk, err = src.Copy()
		} else {
			t, terr := hllType(o, "")
			if terr != nil {
				return terr
			}
			sk, err = src.CopyAs(t)
		}
		if err != nil {
			return err
		}
		s.slots[name] = sk
	case "reset":
		v, err := s.slot(name)
		if err != nil {
			return err
		}
		return v.(hllEstimable).Reset()
	case "query":
		return s.query(o, io)
	default:
		return rejected(fmt.Sprintf("'%s' is not an hll step", o.step()))
	}
	return nil
}
