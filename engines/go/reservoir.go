package main

// The Reservoir steps of sketches/reservoir/reservoir_steps.json on the module's sampling
// package: NewReservoirItemsSketch / NewReservoirItemsUnion of int64, string and float64 with the
// module's serdes, NewReservoirItemsSketchFromSlice / NewReservoirItemsUnionFromSlice.
//
// Random bits: the module samples with the global math/rand, seeded at random at start
// (rand.Seed is a no-op from Go 1.24): a step that leaves a sketch past k reports
// lang.random_bits unsupported, as Java's engine does.
//
// The module lacks, and the step answers unsupported: api=longs (Java's ReservoirLongsSketch and
// ReservoirLongsUnion; the module has the generic sketch only).

import (
	"fmt"
	"math"
	"slices"

	"github.com/apache/datasketches-go/common"
	"github.com/apache/datasketches-go/sampling"
)

const reservoirUnpinned = "the Go module samples with the global math/rand, which cannot be seeded"

func reservoirFamily() family {
	return family{
		name: "reservoir",
		steps: []string{"create", "create_union", "update", "union", "get_result", "serialize", "deserialize",
			"deserialize_union", "query"},
		lacks: []string{"api=longs: the module has no ReservoirLongsSketch or ReservoirLongsUnion"},
		newStage: func() familyStage {
			return &reservoirStage{slots: map[string]any{}, unmade: map[string]bool{}}
		},
	}
}

// resvItem is what an item type brings: its serde, its items from a tape, its observation and
// the subset_sum predicate (even values; strings: even UTF-8 length).
type resvItem[T any] struct {
	serde    common.ItemSketchSerde[T]
	fromTape func(*items) ([]T, bool)
	observe  func(*observations, string, T)
	even     func(T) bool
}

var resvLongs = resvItem[int64]{
	serde:    common.ItemSketchLongSerDe{},
	fromTape: func(it *items) ([]int64, bool) { return it.longs, it.kind == longItems },
	observe:  func(o *observations, name string, v int64) { o.int(name, v) },
	even:     func(v int64) bool { return v%2 == 0 },
}

var resvDoubles = resvItem[float64]{
	serde:    common.ItemSketchDoubleSerDe{},
	fromTape: func(it *items) ([]float64, bool) { return it.doubles, it.kind == doubleItems },
	observe:  func(o *observations, name string, v float64) { o.double(name, v) },
	even:     func(v float64) bool { return math.Mod(v, 2) == 0 }, // as Java's d % 2 == 0
}

var resvStrings = resvItem[string]{
	serde: common.ItemSketchStringSerDe{},
	fromTape: func(it *items) ([]string, bool) {
		out := make([]string, len(it.bytes))
		for i, b := range it.bytes {
			out[i] = string(b)
		}
		return out, it.kind == stringItems
	},
	observe: func(o *observations, name string, v string) { o.string(name, v) },
	even:    func(v string) bool { return len(v)%2 == 0 },
}

// resvSketch and resvUnion are a slot's value whatever its item type.
type resvSketch interface {
	update(it *items) error
	bytes() ([]byte, error)
	n() int64
	k() int
	query(q, field string, obs *observations) error
}

type resvUnion interface {
	update(it *items) error
	add(from resvSketch) error
	result() (resvSketch, error)
	bytes() ([]byte, error)
	maxK() int
}

type resvSketchOf[T any] struct {
	s  *sampling.ReservoirItemsSketch[T]
	it resvItem[T]
}

func (r resvSketchOf[T]) update(it *items) error {
	values, ok := r.it.fromTape(it)
	if !ok {
		return rejected("the items do not fit the slot's item type")
	}
	for _, v := range values {
		if err := r.s.Update(v); err != nil {
			return err
		}
	}
	return nil
}

func (r resvSketchOf[T]) bytes() ([]byte, error) { return r.s.ToSlice(r.it.serde) }
func (r resvSketchOf[T]) n() int64             { return r.s.N() }
func (r resvSketchOf[T]) k() int               { return r.s.K() }

func (r resvSketchOf[T]) query(q, field string, obs *observations) error {
	switch q {
	case "n":
		obs.int(field, r.s.N())
	case "k":
		obs.int(field, int64(r.s.K()))
	case "num_samples":
		obs.int(field, int64(r.s.NumSamples()))
	case "samples":
		samples := r.s.Samples()
		obs.int(field+".size", int64(len(samples)))
		for i, v := range samples {
			r.it.observe(obs, fmt.Sprintf("%s[%d]", field, i), v)
		}
	case "subset_sum":
		sum, err := r.s.EstimateSubsetSum(r.it.even)
		if err != nil {
			return err
		}
		obs.double(field+".estimate", sum.Estimate)
		obs.double(field+".lower_bound", sum.LowerBound)
		obs.double(field+".upper_bound", sum.UpperBound)
		obs.double(field+".total_weight", sum.TotalSketchWeight)
	default:
		return rejected(fmt.Sprintf("queries: '%s' is not a query of a reservoir sketch", q))
	}
	return nil
}

type resvUnionOf[T any] struct {
	u  *sampling.ReservoirItemsUnion[T]
	it resvItem[T]
}

func (r resvUnionOf[T]) update(it *items) error {
	values, ok := r.it.fromTape(it)
	if !ok {
		return rejected("the items do not fit the slot's item type")
	}
	for _, v := range values {
		if err := r.u.Update(v); err != nil {
			return err
		}
	}
	return nil
}

func (r resvUnionOf[T]) add(from resvSketch) error {
	s, ok := from.(resvSketchOf[T])
	if !ok {
		return rejected("the sketch is of another item type than the union")
	}
	return r.u.UpdateSketch(s.s)
}

func (r resvUnionOf[T]) result() (resvSketch, error) {
	s, err := r.u.Result()
	if err != nil {
		return nil, err
	}
	if s == nil {
		// An empty union has no result (nil, as Java's null): an error at get_result, as Java's engine says.
		return nil, fmt.Errorf("the union is empty: Result() returned no sketch")
	}
	return resvSketchOf[T]{s, r.it}, nil
}

func (r resvUnionOf[T]) bytes() ([]byte, error) { return r.u.ToSlice(r.it.serde) }
func (r resvUnionOf[T]) maxK() int             { return r.u.MaxK() }

func newResvSketch[T any](k int, it resvItem[T]) (resvSketch, error) {
	s, err := sampling.NewReservoirItemsSketch[T](k)
	if err != nil {
		return nil, err
	}
	return resvSketchOf[T]{s, it}, nil
}

func newResvUnion[T any](maxK int, it resvItem[T]) (resvUnion, error) {
	u, err := sampling.NewReservoirItemsUnion[T](maxK)
	if err != nil {
		return nil, err
	}
	return resvUnionOf[T]{u, it}, nil
}

func readResvSketch[T any](image []byte, it resvItem[T]) (resvSketch, error) {
	s, err := sampling.NewReservoirItemsSketchFromSlice[T](image, it.serde)
	if err != nil {
		return nil, err
	}
	return resvSketchOf[T]{s, it}, nil
}

func readResvUnion[T any](image []byte, it resvItem[T]) (resvUnion, error) {
	u, err := sampling.NewReservoirItemsUnionFromSlice[T](image, it.serde)
	if err != nil {
		return nil, err
	}
	return resvUnionOf[T]{u, it}, nil
}

type reservoirStage struct {
	slots    map[string]any
	unmade   map[string]bool // slots of api=longs, which the module lacks
	unpinned bool
}

// itemOf checks the step's item type and api: api=longs is Java's alone.
func resvItemOf(o op) (string, error) {
	if api, ok := o.optStr("api"); ok && api == "longs" {
		return "", unsupported(o.sketch()+"."+o.step(), "the module has no ReservoirLongsSketch or ReservoirLongsUnion (api=longs)")
	}
	return o.str("item")
}

// noteSampled reports lang.random_bits once a sketch is past k: its sample is the module's own draw.
func (s *reservoirStage) noteSampled(sk resvSketch, io *stageIO) {
	if !s.unpinned && sk != nil && sk.n() > int64(sk.k()) {
		s.unpinned = true
		io.obs.unsupported("lang.random_bits", reservoirUnpinned)
	}
}

func (s *reservoirStage) sketch(name string) (resvSketch, error) {
	return slotAs[resvSketch](s.slots, name, "a reservoir sketch")
}

func (s *reservoirStage) union(name string) (resvUnion, error) {
	return slotAs[resvUnion](s.slots, name, "a reservoir union")
}

func (s *reservoirStage) drop(name string) { delete(s.slots, name) }

func (s *reservoirStage) step(o op, it *items, io *stageIO) error {
	from, _ := o.optStr("from")
	for _, read := range []string{o.sketch(), from} {
		if s.unmade[read] && !(read == o.sketch() && slices.Contains(slotMakers, o.step())) {
			s.unmade[o.sketch()] = true
			return unsupported(o.sketch()+"."+o.step(), fmt.Sprintf("it reads slot '%s', which this engine could not make", read))
		}
	}
	switch o.step() {
	case "create", "create_union", "deserialize", "deserialize_union":
		item, err := resvItemOf(o)
		if err != nil {
			s.unmade[o.sketch()] = true
			return err
		}
		delete(s.unmade, o.sketch())
		v, err := s.make(o, item, io)
		if err != nil {
			return err
		}
		s.slots[o.sketch()] = v
	case "update":
		if u, ok := s.slots[o.sketch()].(resvUnion); ok {
			if err := u.update(it); err != nil {
				return err
			}
			r, err := u.result()
			if err == nil {
				s.noteSampled(r, io)
			}
			return nil
		}
		sk, err := s.sketch(o.sketch())
		if err != nil {
			return err
		}
		if err := sk.update(it); err != nil {
			return err
		}
		s.noteSampled(sk, io)
	case "union":
		u, err := s.union(o.sketch())
		if err != nil {
			return err
		}
		from, err := o.str("from")
		if err != nil {
			return err
		}
		sk, err := s.sketch(from)
		if err != nil {
			return err
		}
		if err := u.add(sk); err != nil {
			return err
		}
		if r, err := u.result(); err == nil {
			s.noteSampled(r, io)
		}
	case "get_result":
		from, err := o.str("from")
		if err != nil {
			return err
		}
		u, err := s.union(from)
		if err != nil {
			return err
		}
		r, err := u.result()
		if err != nil {
			return err
		}
		s.slots[o.sketch()] = r
		s.noteSampled(r, io)
	case "serialize":
		var image []byte
		var err error
		switch v := s.slots[o.sketch()].(type) {
		case resvSketch:
			image, err = v.bytes()
		case resvUnion:
			image, err = v.bytes()
		default:
			return rejected(fmt.Sprintf("slot '%s' does not exist", o.sketch()))
		}
		if err != nil {
			return err
		}
		form, _ := o.str("form")
		io.obs.bytes(o.out()+"."+form, image)
	case "query":
		for _, q := range o.queries() {
			field := o.out() + "." + q
			switch v := s.slots[o.sketch()].(type) {
			case resvUnion:
				if q != "max_k" {
					return rejected(fmt.Sprintf("queries: '%s' is not a query of a reservoir union", q))
				}
				io.obs.int(field, int64(v.maxK()))
			case resvSketch:
				if err := v.query(q, field, io.obs); err != nil {
					return err
				}
			default:
				return rejected(fmt.Sprintf("slot '%s' does not exist", o.sketch()))
			}
		}
	default:
		return rejected(fmt.Sprintf("'%s' is not a reservoir step", o.step()))
	}
	return nil
}

// make is a new or deserialized sketch or union of `item`.
func (s *reservoirStage) make(o op, item string, io *stageIO) (any, error) {
	step := o.step()
	if step == "create" || step == "create_union" {
		key := "k"
		if step == "create_union" {
			key = "max_k"
		}
		k64, err := o.int(key)
		if err != nil {
			return nil, err
		}
		k := int(k64)
		if step == "create" {
			switch item {
			case "long":
				return newResvSketch(k, resvLongs)
			case "double":
				return newResvSketch(k, resvDoubles)
			default:
				return newResvSketch(k, resvStrings)
			}
		}
		switch item {
		case "long":
			return newResvUnion(k, resvLongs)
		case "double":
			return newResvUnion(k, resvDoubles)
		default:
			return newResvUnion(k, resvStrings)
		}
	}
	name, err := o.str("image")
	if err != nil {
		return nil, err
	}
	image, err := io.image(name)
	if err != nil {
		return nil, err
	}
	if step == "deserialize" {
		switch item {
		case "long":
			return readResvSketch(image, resvLongs)
		case "double":
			return readResvSketch(image, resvDoubles)
		default:
			return readResvSketch(image, resvStrings)
		}
	}
	switch item {
	case "long":
		return readResvUnion(image, resvLongs)
	case "double":
		return readResvUnion(image, resvDoubles)
	default:
		return readResvUnion(image, resvStrings)
	}
}
