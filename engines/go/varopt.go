package main

// The VarOpt sampling steps of sketches/varopt/varopt_steps.json on the module's sampling package
// (VarOptItemsSketch, VarOptItemsUnion) of int64 and string items, serialized with
// common.ItemSketchLongSerDe and ItemSketchStringSerDe.
//
// The module samples with the global math/rand, seeded at random at start; rand.Seed is a no-op
// from Go 1.24, so a case's seed cannot be honoured: a step carrying a seed marks
// "lang.random_bits" unsupported, which takes the record's "lang." fields out of every comparison.
// to_string (native-only) is unsupported.

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/apache/datasketches-go/common"
	"github.com/apache/datasketches-go/sampling"
)

func varoptFamily() family {
	return family{
		name: "varopt",
		steps: []string{"create", "update", "union", "merge", "result", "serialize", "deserialize",
			"deserialize_union", "sample", "subset_sum", "query"},
		lacks:    []string{"query to_string: native-only"},
		newStage: func() familyStage { return &varoptStage{slots: map[string]any{}} },
	}
}

type varoptStage struct {
	slots   map[string]any // *sampling.VarOptItemsSketch[int64|string] or *sampling.VarOptItemsUnion[...]
	ownBits bool
}

// varoptWeight reads a weight as the native engine does (strtod): "nan", "inf", "-inf" too.
func varoptWeight(o op) (float64, error) {
	text, ok := o.optStr("weight")
	if !ok {
		return 1, nil
	}
	switch strings.ToLower(text) {
	case "nan":
		return math.NaN(), nil
	case "inf", "+inf":
		return math.Inf(1), nil
	case "-inf":
		return math.Inf(-1), nil
	}
	return strconv.ParseFloat(text, 64)
}

// varoptMod4 is subset_sum's mod4: a long divisible by 4, a string whose first UTF-8 byte is.
func varoptPredicate[T any](name string) (func(T) bool, error) {
	switch name {
	case "all":
		return func(T) bool { return true }, nil
	case "none":
		return func(T) bool { return false }, nil
	case "mod4":
		return func(x T) bool {
			switch v := any(x).(type) {
			case int64:
				return v%4 == 0
			case string:
				return len(v) > 0 && v[0]%4 == 0
			}
			return false
		}, nil
	}
	return nil, rejected("pred: unknown predicate '" + name + "'")
}

func varoptSlot[T any](s *varoptStage, name string) (*sampling.VarOptItemsSketch[T], error) {
	v, ok := s.slots[name].(*sampling.VarOptItemsSketch[T])
	if !ok {
		return nil, rejected("slot '" + name + "' is not a sketch of this item type")
	}
	return v, nil
}

func varoptUnion[T any](s *varoptStage, name string) (*sampling.VarOptItemsUnion[T], error) {
	v, ok := s.slots[name].(*sampling.VarOptItemsUnion[T])
	if !ok {
		return nil, rejected("slot '" + name + "' is not a union of this item type")
	}
	return v, nil
}

func (s *varoptStage) drop(name string) { delete(s.slots, name) }

func (s *varoptStage) step(o op, it *items, io *stageIO) error {
	if _, ok := o["seed"]; ok && !s.ownBits {
		s.ownBits = true
		io.obs.unsupported("lang.random_bits", "the module samples with the global math/rand, which cannot be seeded (Go 1.24 on)")
	}
	item, hasItem := o.optStr("item")
	if !hasItem {
		// Steps on an existing slot take its item type.
		slot := o.sketch()
		if from, ok := o.optStr("from"); ok && o.step() == "result" {
			slot = from
		}
		switch s.slots[slot].(type) {
		case *sampling.VarOptItemsSketch[string], *sampling.VarOptItemsUnion[string]:
			item = "string"
		default:
			item = "long"
		}
	}
	if item == "long" {
		return varoptStep[int64](s, o, it, io, common.ItemSketchLongSerDe{})
	}
	return varoptStep[string](s, o, it, io, common.ItemSketchStringSerDe{})
}

func varoptStep[T any](s *varoptStage, o op, it *items, io *stageIO, serde common.ItemSketchSerde[T]) error {
	name := o.sketch()
	switch o.step() {
	case "create":
		k, err := o.int("k")
		if err != nil {
			return err
		}
		sk, err := sampling.NewVarOptItemsSketch[T](uint(k))
		if err != nil {
			return err
		}
		s.slots[name] = sk
	case "union":
		k, err := o.int("max_k")
		if err != nil {
			return err
		}
		u, err := sampling.NewVarOptItemsUnion[T](uint(k))
		if err != nil {
			return err
		}
		s.slots[name] = u
	case "update":
		sk, err := varoptSlot[T](s, name)
		if err != nil {
			return err
		}
		w, err := varoptWeight(o)
		if err != nil {
			return err
		}
		return varoptUpdate(sk, it, w)
	case "merge":
		u, err := varoptUnion[T](s, name)
		if err != nil {
			return err
		}
		from, _ := o.optStr("from")
		sk, err := varoptSlot[T](s, from)
		if err != nil {
			return err
		}
		return u.Update(sk)
	case "result":
		from, _ := o.optStr("from")
		u, err := varoptUnion[T](s, from)
		if err != nil {
			return err
		}
		r, err := u.Result()
		if err != nil {
			return err
		}
		s.slots[name] = r
	case "serialize":
		var buf bytes.Buffer
		switch v := s.slots[name].(type) {
		case *sampling.VarOptItemsSketch[T]:
			enc := sampling.NewVarOptItemsSketchEncoder[T](&buf, serde)
			if err := enc.Encode(v); err != nil {
				return err
			}
		case *sampling.VarOptItemsUnion[T]:
			enc := sampling.NewVarOptItemsUnionEncoder[T](&buf, serde)
			if err := enc.Encode(v); err != nil {
				return err
			}
		default:
			return rejected("slot '" + name + "' does not exist")
		}
		io.obs.bytes(o.out()+".compact", buf.Bytes())
	case "deserialize", "deserialize_union":
		imageName, err := o.str("image")
		if err != nil {
			return err
		}
		image, err := io.image(imageName)
		if err != nil {
			return err
		}
		if o.step() == "deserialize" {
			sk, err := sampling.DecodeVarOptItemsSketch[T](image, serde)
			if err != nil {
				return err
			}
			s.slots[name] = sk
		} else {
			u, err := sampling.DecodeVarOptItemsUnion[T](image, serde)
			if err != nil {
				return err
			}
			s.slots[name] = u
		}
	case "sample":
		sk, err := varoptSlot[T](s, name)
		if err != nil {
			return err
		}
		prefix := o.out()
		io.obs.int(prefix+".size", int64(sk.NumSamples()))
		i := 0
		for smp := range sk.All() {
			field := fmt.Sprintf("%s.item[%d]", prefix, i)
			switch v := any(smp.Item).(type) {
			case int64:
				io.obs.int(field, v)
			case string:
				io.obs.string(field, v)
			}
			io.obs.double(fmt.Sprintf("%s.weight[%d]", prefix, i), smp.Weight)
			i++
		}
	case "subset_sum":
		sk, err := varoptSlot[T](s, name)
		if err != nil {
			return err
		}
		predName, _ := o.optStr("pred")
		pred, err := varoptPredicate[T](predName)
		if err != nil {
			return err
		}
		sum, err := sk.EstimateSubsetSum(pred)
		if err != nil {
			return err
		}
		as, _ := o.optStr("as")
		io.obs.double(as+".estimate", sum.Estimate)
		io.obs.double(as+".lower_bound", sum.LowerBound)
		io.obs.double(as+".upper_bound", sum.UpperBound)
		io.obs.double(as+".total_weight", sum.TotalSketchWeight)
	case "query":
		sk, err := varoptSlot[T](s, name)
		if err != nil {
			return err
		}
		for _, q := range o.queries() {
			field := o.out() + "." + q
			switch q {
			case "k":
				io.obs.int(field, int64(sk.K()))
			case "n":
				io.obs.int(field, sk.N())
			case "num_samples":
				io.obs.int(field, int64(sk.NumSamples()))
			case "is_empty":
				io.obs.bool(field, sk.IsEmpty())
			case "serialized_size":
				io.obs.int(field, int64(sk.SerializedSizeBytes(serde)))
			case "to_string":
				io.obs.unsupported(field, "a native-only observation")
			default:
				return rejected("queries: unknown query '" + q + "'")
			}
		}
	default:
		return rejected("'" + o.step() + "' is not a VarOpt step")
	}
	return nil
}

// varoptUpdate adds every item of the tape with one weight: long tapes to an int64 sketch, string
// tapes to a string sketch.
func varoptUpdate[T any](sk *sampling.VarOptItemsSketch[T], it *items, w float64) error {
	if it == nil {
		return rejected("update without items")
	}
	switch any(sk).(type) {
	case *sampling.VarOptItemsSketch[int64]:
		if it.kind != longItems {
			return rejected("update: a long sketch takes long tapes")
		}
		for _, x := range it.longs {
			if err := sk.Update(any(x).(T), w); err != nil {
				return err
			}
		}
	case *sampling.VarOptItemsSketch[string]:
		if it.kind != stringItems {
			return rejected("update: a string sketch takes string tapes")
		}
		for _, b := range it.bytes {
			if err := sk.Update(any(string(b)).(T), w); err != nil {
				return err
			}
		}
	}
	return nil
}
