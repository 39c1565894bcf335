package main

// The Theta steps of sketches/theta/theta_steps.json on the module's theta package.
//
// Every step is declared; the module lacks, and the step answers unsupported:
//   - update on a union (theta.Union takes sketches only);
//   - serialize form=updatable (only compact sketches serialize: the field <as>.updatable is
//     unsupported, the slot goes on), and deserialize of an update sketch's image;
//   - deserialize with mode wrap or writable_wrap (Java only).
// An update of an item the sketch does not insert (a duplicate, a hash above theta, an empty
// string) returns one of the module's sentinel errors: that is the item's outcome, not a failure.

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"

	"github.com/apache/datasketches-go/theta"
)

func thetaFamily() family {
	return family{
		name: "theta",
		steps: []string{"create", "union", "intersection", "update", "merge", "result", "compact", "a_not_b",
			"jaccard", "serialize", "deserialize", "reset", "query"},
		lacks: []string{
			"update on a union: theta.Union takes sketches only",
			"serialize form=updatable (the field <as>.updatable), deserialize of update-sketch images: compact only",
			"deserialize mode=wrap/writable_wrap: Java only",
		},
		newStage: func() familyStage { return &thetaStage{slots: map[string]any{}} },
	}
}

// thetaStage holds the slots: *theta.QuickSelectUpdateSketch, *theta.CompactSketch, *theta.Union
// or *theta.Intersection.
type thetaStage struct {
	slots map[string]any
}

// thetaUpdate is an update sketch as a hashSink (its byte update is UpdateBytes), skipping the
// sentinel errors of items it does not insert.
type thetaUpdate struct {
	s *theta.QuickSelectUpdateSketch
}

func notInserted(err error) error {
	for _, e := range []error{theta.ErrDuplicateKey, theta.ErrUpdateEmptyString, theta.ErrHashExceedsTheta, theta.ErrZeroHashValue} {
		if errors.Is(err, e) {
			return nil
		}
	}
	return err
}

func (t thetaUpdate) UpdateInt64(x int64) error     { return notInserted(t.s.UpdateInt64(x)) }
func (t thetaUpdate) UpdateSlice(b []byte) error    { return notInserted(t.s.UpdateBytes(b)) }
func (t thetaUpdate) UpdateString(x string) error   { return notInserted(t.s.UpdateString(x)) }
func (t thetaUpdate) UpdateFloat64(x float64) error { return notInserted(t.s.UpdateFloat64(x)) }

func thetaSeed(o op) uint64 {
	if seed, err := o.int("seed"); err == nil {
		return uint64(seed)
	}
	return theta.DefaultSeed
}

func ordered(o op) bool {
	v, err := o.int("ordered")
	return err != nil || v != 0
}

// thetaP is p as C++ and Java take it: a float, from the decimal text of the case.
func thetaP(o op) (float32, error) {
	v, present := o["p"]
	if !present {
		return 1, nil
	}
	text := fmt.Sprint(v)
	p, err := strconv.ParseFloat(text, 32)
	if err != nil {
		return 0, rejected("p: not a decimal")
	}
	return float32(p), nil
}

func thetaLgK(o op) (uint8, error) {
	lgK, err := o.int("lg_k")
	if err != nil {
		return 0, err
	}
	if lgK < 0 || lgK > 255 {
		lgK = 0 // out of uint8: the module rejects it
	}
	return uint8(lgK), nil
}

var resizeFactors = map[int64]theta.ResizeFactor{1: theta.ResizeX1, 2: theta.ResizeX2, 4: theta.ResizeX4, 8: theta.ResizeX8}

func (s *thetaStage) slot(name string) (any, error) { return slotIn(s.slots, name) }

// sketch is a sketch slot (update or compact) as the module's set operations take it.
func (s *thetaStage) sketch(name string) (theta.Sketch, error) {
	return slotAs[theta.Sketch](s.slots, name, "a sketch")
}

func (s *thetaStage) query(o op, io *stageIO) error {
	v, err := s.slot(o.sketch())
	if err != nil {
		return err
	}
	for _, q := range o.queries() {
		name := o.out() + "." + q
		if i, ok := v.(*theta.Intersection); ok {
			if q != "has_result" {
				return rejected(fmt.Sprintf("queries: '%s' is not defined on an intersection", q))
			}
			io.obs.bool(name, i.HasResult())
			continue
		}
		sk, ok := v.(theta.Sketch)
		if !ok {
			return rejected(fmt.Sprintf("queries: '%s' is not defined on a union", q))
		}
		if done, err := sampledSetQuery(sk, q, name, io.obs); done || err != nil {
			if err != nil {
				return err
			}
			continue
		}
		update, isUpdate := v.(*theta.QuickSelectUpdateSketch)
		switch q {
		case "is_ordered":
			io.obs.bool(name, sk.IsOrdered())
		case "lg_k", "rf":
			if !isUpdate {
				return rejected(fmt.Sprintf("queries: '%s' is defined on an update sketch only", q))
			}
			if q == "lg_k" {
				io.obs.int(name, int64(update.LgK()))
			} else {
				io.obs.int(name, int64(1)<<update.ResizeFactor())
			}
		case "has_result":
			return rejected("queries: 'has_result' is defined on an intersection only")
		default:
			return rejected(fmt.Sprintf("queries: unknown query '%s'", q))
		}
	}
	return nil
}

func (s *thetaStage) drop(name string) { delete(s.slots, name) }

func (s *thetaStage) step(o op, it *items, io *stageIO) error {
	name := o.sketch()
	switch o.step() {
	case "create":
		lgK, err := thetaLgK(o)
		if err != nil {
			return err
		}
		p, err := thetaP(o)
		if err != nil {
			return err
		}
		rf := int64(8)
		if v, err := o.int("rf"); err == nil {
			rf = v
		}
		factor, ok := resizeFactors[rf]
		if !ok {
			return rejected(fmt.Sprintf("rf: %d is not 1, 2, 4 or 8", rf))
		}
		sk, err := theta.NewQuickSelectUpdateSketch(theta.WithUpdateSketchLgK(lgK), theta.WithUpdateSketchResizeFactor(factor),
			theta.WithUpdateSketchP(p), theta.WithUpdateSketchSeed(thetaSeed(o)))
		if err != nil {
			return err
		}
		s.slots[name] = sk
	case "union":
		lgK, err := thetaLgK(o)
		if err != nil {
			return err
		}
		p, err := thetaP(o)
		if err != nil {
			return err
		}
		u, err := theta.NewUnion(theta.WithUnionLgK(lgK), theta.WithUnionSketchP(p), theta.WithUnionSeed(thetaSeed(o)))
		if err != nil {
			return err
		}
		s.slots[name] = u
	case "intersection":
		s.slots[name] = theta.NewIntersection(theta.WithIntersectionSeed(thetaSeed(o)))
	case "update":
		if it == nil {
			return rejected("update: no items")
		}
		v, err := s.slot(name)
		if err != nil {
			return err
		}
		switch target := v.(type) {
		case *theta.QuickSelectUpdateSketch:
			return updateAll(it, thetaUpdate{target})
		case *theta.Union:
			return unsupported(name+".update", "theta.Union takes sketches only")
		}
		return rejected(fmt.Sprintf("slot '%s' takes no items", name))
	case "merge":
		from, err := o.str("from")
		if err != nil {
			return err
		}
		sk, err := s.sketch(from)
		if err != nil {
			return err
		}
		v, err := s.slot(name)
		if err != nil {
			return err
		}
		switch target := v.(type) {
		case *theta.Union:
			return target.Update(sk)
		case *theta.Intersection:
			return target.Update(sk)
		}
		return rejected(fmt.Sprintf("slot '%s' is neither a union nor an intersection", name))
	case "result":
		from, err := o.str("from")
		if err != nil {
			return err
		}
		v, err := s.slot(from)
		if err != nil {
			return err
		}
		var result *theta.CompactSketch
		switch source := v.(type) {
		case *theta.Union:
			result, err = source.Result(ordered(o))
		case *theta.Intersection:
			result, err = source.Result(ordered(o))
		default:
			return rejected(fmt.Sprintf("slot '%s' is neither a union nor an intersection", from))
		}
		if err != nil {
			return err
		}
		s.slots[name] = result
	case "compact":
		from, err := o.str("from")
		if err != nil {
			return err
		}
		sk, err := s.sketch(from)
		if err != nil {
			return err
		}
		s.slots[name] = theta.NewCompactSketch(sk, ordered(o))
	case "a_not_b":
		a, err := o.str("a")
		if err != nil {
			return err
		}
		b, err := o.str("b")
		if err != nil {
			return err
		}
		skA, err := s.sketch(a)
		if err != nil {
			return err
		}
		skB, err := s.sketch(b)
		if err != nil {
			return err
		}
		result, err := theta.ANotB(skA, skB, thetaSeed(o), ordered(o))
		if err != nil {
			return err
		}
		s.slots[name] = result
	case "jaccard":
		with, err := o.str("with")
		if err != nil {
			return err
		}
		out, err := o.str("as")
		if err != nil {
			return err
		}
		a, err := s.sketch(name)
		if err != nil {
			return err
		}
		b, err := s.sketch(with)
		if err != nil {
			return err
		}
		j, err := theta.Jaccard(a, b, thetaSeed(o))
		if err != nil {
			return err
		}
		io.obs.double(out+".lower", j.LowerBound)
		io.obs.double(out+".estimate", j.Estimate)
		io.obs.double(out+".upper", j.UpperBound)
	case "serialize":
		form, err := o.str("form")
		if err != nil {
			return err
		}
		v, err := s.slot(name)
		if err != nil {
			return err
		}
		var compact *theta.CompactSketch
		switch sk := v.(type) {
		case *theta.QuickSelectUpdateSketch:
			compact = sk.Compact(true)
		case *theta.CompactSketch:
			compact = sk
		default:
			return rejected(fmt.Sprintf("slot '%s' is not a sketch", name))
		}
		field := o.out() + "." + form
		if form == "updatable" {
			io.obs.unsupported(field, "the module serializes compact sketches only")
			return nil
		}
		if form != "compact" && form != "compressed" {
			return rejected(fmt.Sprintf("form: '%s' is not compact, compressed or updatable", form))
		}
		var image bytes.Buffer
		enc := theta.NewEncoder(&image, form == "compressed")
		if err := enc.Encode(compact); err != nil {
			return err
		}
		io.obs.bytes(field, image.Bytes())
	case "deserialize":
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
		// Serial version 3, family 2 (QuickSelect): an update sketch's image.
		if len(image) > 2 && image[1] == 3 && image[2] == 2 {
			return unsupported(name+".deserialize", "the module reads compact images only")
		}
		sk, err := theta.Decode(image, thetaSeed(o))
		if err != nil {
			return err
		}
		s.slots[name] = sk
	case "reset":
		v, err := s.slot(name)
		if err != nil {
			return err
		}
		switch target := v.(type) {
		case *theta.QuickSelectUpdateSketch:
			target.Reset()
		case *theta.Union:
			target.Reset()
		default:
			return rejected(fmt.Sprintf("slot '%s' cannot be reset", name))
		}
	case "query":
		return s.query(o, io)
	default:
		return rejected(fmt.Sprintf("'%s' is not a theta step", o.step()))
	}
	return nil
}
