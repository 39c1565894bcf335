package main

// The array of doubles (aod) of the Tuple wing: the module's array-of-numbers sketch of float64,
// its union, intersection and a-not-b, behind the wing's tupleKind (tuple_kind.go).

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/apache/datasketches-go/theta"
	"github.com/apache/datasketches-go/tuple"
)

// aodKind is the module's array-of-numbers sketch of float64, n values a key, summed on update,
// union and intersection.
type aodKind struct{ n uint8 }

type aodSketch = tuple.ArrayOfNumbersSketch[float64]

func (k aodKind) sketch(v any) (aodSketch, error) {
	switch s := v.(type) {
	case *tuple.ArrayOfNumbersUpdateSketch[float64]:
		return s, nil
	case *tuple.ArrayOfNumbersCompactSketch[float64]:
		return s, nil
	}
	return nil, otherSummary("a sketch slot")
}

func (k aodKind) create(o op) (any, error) {
	opts, err := updateSketchOptions(o)
	if err != nil {
		return nil, err
	}
	return tuple.NewArrayOfNumbersUpdateSketch[float64](k.n, opts...)
}

func (k aodKind) union(o op) (any, error) {
	opts, err := unionOptions(o)
	if err != nil {
		return nil, err
	}
	return tuple.NewArrayOfNumbersSketchUnion[float64](aodSum{}, k.n, opts...)
}

func (k aodKind) intersection(o op) (any, error) {
	return tuple.NewArrayOfNumbersSketchIntersection[float64](aodSum{}, k.n, tuple.WithIntersectionSeed(thetaSeed(o))), nil
}

// update: item i gets the array {v_i, v_i + 1, ...}.
func (k aodKind) update(sketch any, o op, it *items, _ int) error {
	s, ok := sketch.(*tuple.ArrayOfNumbersUpdateSketch[float64])
	if !ok {
		return rejected("the slot takes no items")
	}
	v, err := valuesOf(o)
	if err != nil {
		return err
	}
	n := int(s.NumValuesInSummary())
	return feed[[]float64](it, s, func(i int) []float64 {
		a := make([]float64, n)
		for j := range a {
			a[j] = v.double(i) + float64(j)
		}
		return a
	})
}

func (k aodKind) merge(target, from any) error {
	s, err := k.sketch(from)
	if err != nil {
		return err
	}
	switch t := target.(type) {
	case *tuple.ArrayOfNumbersSketchUnion[float64]:
		return t.Update(s)
	case *tuple.ArrayOfNumbersSketchIntersection[float64]:
		return t.Update(s)
	}
	return rejected("the slot is neither a union nor an intersection")
}

const noAodOfTheta = "no array-of-numbers sketch of a theta sketch (nor in datasketches-cpp or datasketches-java)"

func (k aodKind) mergeTheta(_ any, _ theta.Sketch, o op) error {
	return unsupported(o.sketch()+".merge", noAodOfTheta)
}

func (k aodKind) result(from any, ordered bool) (any, error) {
	switch s := from.(type) {
	case *tuple.ArrayOfNumbersSketchUnion[float64]:
		return s.Result(ordered)
	case *tuple.ArrayOfNumbersSketchIntersection[float64]:
		return s.Result(ordered)
	}
	return nil, rejected("the slot is neither a union nor an intersection")
}

func (k aodKind) compact(from any, ordered bool) (any, error) {
	if s, ok := from.(*tuple.ArrayOfNumbersUpdateSketch[float64]); ok {
		return s.Compact(ordered)
	}
	s, err := k.sketch(from)
	if err != nil {
		return nil, err
	}
	return tuple.NewArrayOfNumbersCompactSketch[float64](s, ordered)
}

func (k aodKind) aNotB(a, b any, o op) (any, error) {
	sa, err := k.sketch(a)
	if err != nil {
		return nil, err
	}
	sb, err := k.sketch(b)
	if err != nil {
		return nil, err
	}
	return tuple.ArrayOfNumbersSketchANotB[float64](sa, sb, thetaSeed(o), ordered(o))
}

func (k aodKind) aNotTheta(_ any, _ theta.Sketch, o op) (any, error) {
	return nil, unsupported(o.sketch()+".a_not_b", noAodOfTheta)
}

func (k aodKind) jaccard(any, any, op) (tuple.JaccardSimilarityResult, error) {
	return tuple.JaccardSimilarityResult{}, rejected("jaccard: the vocabulary defines it on double and int summaries")
}

func (k aodKind) jaccardTheta(any, theta.Sketch, op) (tuple.JaccardSimilarityResult, error) {
	return k.jaccard(nil, nil, nil)
}

func (k aodKind) encode(sketch any) ([]byte, error) {
	var compact *tuple.ArrayOfNumbersCompactSketch[float64]
	switch s := sketch.(type) {
	case *tuple.ArrayOfNumbersUpdateSketch[float64]:
		c, err := s.Compact(true)
		if err != nil {
			return nil, err
		}
		compact = c
	case *tuple.ArrayOfNumbersCompactSketch[float64]:
		compact = s
	default:
		return nil, otherSummary("the slot")
	}
	var image bytes.Buffer
	enc := tuple.NewArrayOfNumbersSketchEncoder[float64](&image)
	if err := enc.Encode(compact); err != nil {
		return nil, err
	}
	return image.Bytes(), nil
}

func (k aodKind) decode(image []byte, seed uint64) (any, error) {
	return tuple.DecodeArrayOfNumbersCompactSketch[float64](image, seed)
}

func (k aodKind) summaries(sketch any) (string, error) {
	s, err := k.sketch(sketch)
	if err != nil {
		return "", err
	}
	entries := map[uint64]string{}
	for hash, summary := range s.All() {
		parts := make([]string, 0, len(summary.Values()))
		for _, x := range summary.Values() {
			parts = append(parts, fmt.Sprintf("%016x", math.Float64bits(x)))
		}
		entries[hash] = strings.Join(parts, "/")
	}
	return joinEntries(entries), nil
}
