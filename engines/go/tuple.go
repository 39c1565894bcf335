package main

// The Tuple steps of sketches/tuple/tuple_steps.json on the module's tuple package: the generic
// UpdateSketch, CompactSketch, Union, Intersection, ANotB, TupleANotThetaB and Jaccard over the
// double and int summaries of every mode (tuple_summary.go: the module ships none, the wing's are
// Java's) and over the module's ArrayOfStringsSummary (aos, keyed by GenerateHashKeyFromStrings of
// the one-string array, as the module's own snapshots are made); the array-of-numbers sketch,
// union, intersection and a-not-b of float64 (aod). A theta sketch enters a set operation as
// NewCompactSketchFromThetaSketch(theta, summary), or as TupleANotThetaB's b.
//
// Every step is declared; the module lacks, and the step answers unsupported:
//   - serialize form=updatable (the field <as>.updatable; the slot goes on) and deserialize of an
//     update sketch's image: the module writes and reads compact sketches only;
//   - deserialize mode=wrap: Java only;
//   - a theta sketch in an aod set operation (merge, a_not_b): no array-of-numbers sketch of a
//     theta sketch (neither in C++ nor Java); a theta sketch merged into an aos union or
//     intersection: the vocabulary's theta summary is a number.
// An update of an item the sketch does not insert (a hash above theta, an empty string) returns
// one of the module's sentinel errors: the item's outcome, not a failure.

import (
	"fmt"

	"github.com/apache/datasketches-go/theta"
	"github.com/apache/datasketches-go/tuple"
)

func tupleFamily() family {
	return family{
		name: "tuple",
		steps: []string{"create", "create_theta", "union", "intersection", "update", "merge", "result", "compact",
			"a_not_b", "jaccard", "serialize", "deserialize", "query"},
		lacks: []string{
			"serialize form=updatable (the field <as>.updatable), deserialize of update-sketch images: compact only",
			"deserialize mode=wrap: Java only",
			"a theta sketch in an aod set operation (merge, a_not_b) or merged into an aos one: no such sketch of a theta sketch",
		},
		newStage: func() familyStage { return &tupleStage{slots: map[string]tupleSlot{}} },
	}
}

// tupleSlot is a module value with the summary kind it was made for (nil: a theta sketch).
type tupleSlot struct {
	value any
	kind  tupleKind
	// strings is an aos update sketch's strings per key.
	strings int
}

// tupleStage holds the slots of one stage.
type tupleStage struct {
	slots map[string]tupleSlot
}

func (s *tupleStage) slot(name string) (tupleSlot, error) { return slotIn(s.slots, name) }

func (s *tupleStage) slotNamed(o op, key string) (tupleSlot, error) {
	name, err := o.str(key)
	if err != nil {
		return tupleSlot{}, err
	}
	return s.slot(name)
}

func (s *tupleStage) drop(name string) { delete(s.slots, name) }

func (s *tupleStage) step(o op, it *items, io *stageIO) error {
	name := o.sketch()
	switch step := o.step(); step {
	case "create", "union", "intersection":
		k, err := kindOf(o)
		if err != nil {
			return err
		}
		var v any
		switch step {
		case "create":
			v, err = k.create(o)
		case "union":
			v, err = k.union(o)
		default:
			v, err = k.intersection(o)
		}
		if err != nil {
			return err
		}
		n, err := numValues(o)
		if err != nil {
			return err
		}
		s.slots[name] = tupleSlot{value: v, kind: k, strings: int(n)}
	case "create_theta":
		lgK, err := thetaLgK(o)
		if err != nil {
			return err
		}
		sk, err := theta.NewQuickSelectUpdateSketch(theta.WithUpdateSketchLgK(lgK), theta.WithUpdateSketchSeed(thetaSeed(o)))
		if err != nil {
			return err
		}
		s.slots[name] = tupleSlot{value: sk}
	case "update":
		if it == nil {
			return rejected("update: no items")
		}
		target, err := s.slot(name)
		if err != nil {
			return err
		}
		if target.kind == nil {
			return updateAll(it, thetaUpdate{target.value.(*theta.QuickSelectUpdateSketch)})
		}
		return target.kind.update(target.value, o, it, target.strings)
	case "merge":
		target, err := s.slot(name)
		if err != nil {
			return err
		}
		from, err := s.slotNamed(o, "from")
		if err != nil {
			return err
		}
		if target.kind == nil {
			return rejected(fmt.Sprintf("slot '%s' is a theta sketch", name))
		}
		if from.kind == nil {
			return target.kind.mergeTheta(target.value, from.value.(theta.Sketch), o)
		}
		return target.kind.merge(target.value, from.value)
	case "result", "compact":
		from, err := s.slotNamed(o, "from")
		if err != nil {
			return err
		}
		if from.kind == nil {
			return rejected("from: a theta sketch")
		}
		var v any
		if step == "result" {
			v, err = from.kind.result(from.value, ordered(o))
		} else {
			v, err = from.kind.compact(from.value, ordered(o))
		}
		if err != nil {
			return err
		}
		s.slots[name] = tupleSlot{value: v, kind: from.kind}
	case "a_not_b":
		a, err := s.slotNamed(o, "a")
		if err != nil {
			return err
		}
		b, err := s.slotNamed(o, "b")
		if err != nil {
			return err
		}
		if a.kind == nil {
			return rejected("a: a theta sketch")
		}
		var v any
		if b.kind == nil {
			v, err = a.kind.aNotTheta(a.value, b.value.(theta.Sketch), o)
		} else {
			v, err = a.kind.aNotB(a.value, b.value, o)
		}
		if err != nil {
			return err
		}
		s.slots[name] = tupleSlot{value: v, kind: a.kind}
	case "jaccard":
		return s.jaccard(o, io)
	case "serialize":
		return s.serialize(o, io)
	case "deserialize":
		return s.deserialize(o, io)
	case "query":
		return s.query(o, io)
	default:
		return rejected(fmt.Sprintf("'%s' is not a tuple step", step))
	}
	return nil
}

// jaccard takes its set operations from the step's summary, which must be a's summary type.
func (s *tupleStage) jaccard(o op, io *stageIO) error {
	out, err := o.str("as")
	if err != nil {
		return err
	}
	k, err := kindOf(o)
	if err != nil {
		return err
	}
	a, err := s.slot(o.sketch())
	if err != nil {
		return err
	}
	with, err := s.slotNamed(o, "with")
	if err != nil {
		return err
	}
	if a.kind == nil {
		return rejected("jaccard: the slot is a theta sketch")
	}
	var j tuple.JaccardSimilarityResult
	if with.kind == nil {
		j, err = k.jaccardTheta(a.value, with.value.(theta.Sketch), o)
	} else {
		j, err = k.jaccard(a.value, with.value, o)
	}
	if err != nil {
		return err
	}
	io.obs.double(out+".lower", j.LowerBound)
	io.obs.double(out+".estimate", j.Estimate)
	io.obs.double(out+".upper", j.UpperBound)
	return nil
}

func (s *tupleStage) serialize(o op, io *stageIO) error {
	form, err := o.str("form")
	if err != nil {
		return err
	}
	sk, err := s.slot(o.sketch())
	if err != nil {
		return err
	}
	if sk.kind == nil {
		return rejected("serialize: the slot is a theta sketch")
	}
	field := o.out() + "." + form
	switch form {
	case "updatable":
		io.obs.unsupported(field, "the module serializes compact tuple sketches only")
		return nil
	case "compact":
		image, err := sk.kind.encode(sk.value)
		if err != nil {
			return err
		}
		io.obs.bytes(field, image)
		return nil
	}
	return rejected(fmt.Sprintf("form: '%s' is not compact or updatable", form))
}

func (s *tupleStage) deserialize(o op, io *stageIO) error {
	name := o.sketch()
	imageName, err := o.str("image")
	if err != nil {
		return err
	}
	image, err := io.image(imageName)
	if err != nil {
		return err
	}
	if mode, ok := o.optStr("mode"); ok && mode != "heapify" {
		return unsupported(name+".deserialize", "wrap is a Java-only operation")
	}
	// Java's update-sketch images: serial version 2 (a tuple QuickSelectSketch), or an
	// array-of-doubles image of sketch type 2.
	if len(image) > 3 && (image[1] == 2 || (image[1] == 1 && image[3] == 2)) {
		return unsupported(name+".deserialize", "the module reads compact images only")
	}
	// The summary says how to read the entries (the image has no summary type).
	k, err := kindOf(o)
	if err != nil {
		return err
	}
	v, err := k.decode(image, thetaSeed(o))
	if err != nil {
		return err
	}
	s.slots[name] = tupleSlot{value: v, kind: k}
	return nil
}

func (s *tupleStage) query(o op, io *stageIO) error {
	target, err := s.slot(o.sketch())
	if err != nil {
		return err
	}
	for _, q := range o.queries() {
		name := o.out() + "." + q
		if target.kind == nil {
			if q != "estimate" {
				return rejected(fmt.Sprintf("queries: '%s' is not defined on a theta sketch", q))
			}
			io.obs.double(name, target.value.(*theta.QuickSelectUpdateSketch).Estimate())
			continue
		}
		if i, ok := target.value.(interface{ HasResult() bool }); ok {
			if q != "has_result" {
				return rejected(fmt.Sprintf("queries: '%s' is not defined on an intersection", q))
			}
			io.obs.bool(name, i.HasResult())
			continue
		}
		sk, ok := target.value.(sampledSet)
		if !ok {
			return rejected(fmt.Sprintf("queries: '%s' is not defined on a union", q))
		}
		if done, err := sampledSetQuery(sk, q, name, io.obs); done || err != nil {
			if err != nil {
				return err
			}
			continue
		}
		switch q {
		case "summaries":
			text, err := target.kind.summaries(target.value)
			if err != nil {
				return err
			}
			io.obs.string(name, text)
		case "lg_k":
			u, ok := target.value.(interface{ LgK() uint8 })
			if !ok {
				return rejected("queries: 'lg_k' is defined on an update sketch only")
			}
			io.obs.int(name, int64(u.LgK()))
		case "has_result":
			return rejected("queries: 'has_result' is defined on an intersection only")
		default:
			return rejected(fmt.Sprintf("queries: unknown query '%s'", q))
		}
	}
	return nil
}
