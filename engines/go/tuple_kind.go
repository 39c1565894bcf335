package main

// The summary kinds of the Tuple wing (tuple.go): each is one summary's way through the module's
// tuple package. Here the interface and the generic sketch's kind, for the double and int
// summaries of every mode and the array of strings; the array of doubles is tuple_aod.go.

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/datasketches-go/theta"
	"github.com/apache/datasketches-go/tuple"
)

// tupleKind is one summary's way through the module. Its methods take slot values of its own
// types and reject others (another summary type: what validation should have caught).
type tupleKind interface {
	create(o op) (any, error)
	union(o op) (any, error)
	intersection(o op) (any, error)
	update(sketch any, o op, it *items, strings int) error
	merge(target, from any) error
	mergeTheta(target any, t theta.Sketch, o op) error
	result(from any, ordered bool) (any, error)
	compact(from any, ordered bool) (any, error)
	aNotB(a, b any, o op) (any, error)
	aNotTheta(a any, b theta.Sketch, o op) (any, error)
	jaccard(a, b any, o op) (tuple.JaccardSimilarityResult, error)
	jaccardTheta(a any, b theta.Sketch, o op) (tuple.JaccardSimilarityResult, error)
	encode(sketch any) ([]byte, error)
	decode(image []byte, seed uint64) (any, error)
	summaries(sketch any) (string, error)
}

// kindOf is a step's `summary`.
func kindOf(o op) (tupleKind, error) {
	name, err := o.str("summary")
	if err != nil {
		return nil, err
	}
	switch name {
	case "aod":
		n, err := numValues(o)
		return aodKind{n}, err
	case "aos":
		return aosKind(), nil
	}
	typ, modeName, _ := strings.Cut(name, "_")
	mode, ok := summaryModes[modeName]
	switch {
	case ok && typ == "double":
		return numberKind[float64](mode), nil
	case ok && typ == "int":
		return numberKind[int32](mode), nil
	}
	return nil, rejected(fmt.Sprintf("summary: '%s' is not a summary", name))
}

func numValues(o op) (uint8, error) {
	if _, present := o["num_values"]; !present {
		return 1, nil
	}
	n, err := o.int("num_values")
	if err != nil || n < 1 || n > 255 {
		return 0, rejected("num_values: not 1..255")
	}
	return uint8(n), nil
}

func updateSketchOptions(o op) ([]tuple.UpdateSketchOptionFunc, error) {
	lgK, err := thetaLgK(o)
	if err != nil {
		return nil, err
	}
	p, err := thetaP(o)
	if err != nil {
		return nil, err
	}
	rf := int64(8)
	if v, err := o.int("rf"); err == nil {
		rf = v
	}
	factor, ok := resizeFactors[rf]
	if !ok {
		return nil, rejected(fmt.Sprintf("rf: %d is not 1, 2, 4 or 8", rf))
	}
	return []tuple.UpdateSketchOptionFunc{tuple.WithUpdateSketchLgK(lgK), tuple.WithUpdateSketchResizeFactor(factor),
		tuple.WithUpdateSketchP(p), tuple.WithUpdateSketchSeed(thetaSeed(o))}, nil
}

func unionOptions(o op) ([]tuple.UnionOptionFunc, error) {
	lgK, err := thetaLgK(o)
	if err != nil {
		return nil, err
	}
	return []tuple.UnionOptionFunc{tuple.WithUnionLgK(lgK), tuple.WithUnionSeed(thetaSeed(o))}, nil
}

// notInsertedTuple is nil where the module answers an item the sketch does not take (a hash at or
// above theta, a zero hash, an empty string): that is the item's outcome, not a failure.
func notInsertedTuple(err error) error {
	for _, e := range []error{tuple.ErrHashExceedsTheta, tuple.ErrZeroHashValue, tuple.ErrUpdateEmptyString} {
		if errors.Is(err, e) {
			return nil
		}
	}
	return err
}

// keyedSink is an update sketch that takes a key and the value of type V.
type keyedSink[V any] interface {
	UpdateInt64(key int64, value V) error
	UpdateFloat64(key float64, value V) error
	UpdateString(key string, value V) error
	UpdateBytes(key []byte, value V) error
}

// feed updates s with every item, item i with value(i).
func feed[V any](it *items, s keyedSink[V], value func(i int) V) error {
	var err error
	switch it.kind {
	case longItems:
		for i, x := range it.longs {
			if err = notInsertedTuple(s.UpdateInt64(x, value(i))); err != nil {
				return err
			}
		}
	case doubleItems:
		for i, x := range it.doubles {
			if err = notInsertedTuple(s.UpdateFloat64(x, value(i))); err != nil {
				return err
			}
		}
	case stringItems:
		for i, b := range it.bytes {
			if err = notInsertedTuple(s.UpdateString(string(b), value(i))); err != nil {
				return err
			}
		}
	case byteArrayItems:
		for i, b := range it.bytes {
			if err = notInsertedTuple(s.UpdateBytes(b, value(i))); err != nil {
				return err
			}
		}
	}
	return nil
}

func otherSummary(what string) error {
	return rejected(fmt.Sprintf("%s holds another summary type", what))
}

// genericKind is the module's generic tuple sketch over summaries S updated with values V.
type genericKind[S tuple.UpdatableSummary[V], V any] struct {
	newSummary func() S
	policy     tuple.Policy[S]
	write      tuple.SummaryWriter[S]
	read       tuple.SummaryReader[S]
	text       func(S) (string, error)
	// feed updates an update sketch with a step's items.
	feed func(s *tuple.UpdateSketch[S, V], o op, it *items, strings int) error
	// thetaSummary is a theta sketch's summary in a set operation; nil: none.
	thetaSummary func(v *tupleValues) S
}

func numberKind[T tupleNumber](mode summaryMode) *genericKind[*numberSummary[T], T] {
	return &genericKind[*numberSummary[T], T]{
		newSummary: func() *numberSummary[T] { return newNumberSummary[T](mode) },
		policy:     modePolicy[T]{mode},
		write:      writeNumberSummary[T],
		read:       numberSummaryReader[T](mode),
		text:       numberText[T],
		feed: func(s *tuple.UpdateSketch[*numberSummary[T], T], o op, it *items, _ int) error {
			v, err := valuesOf(o)
			if err != nil {
				return err
			}
			return feed[T](it, s, func(i int) T { return numberValue[T](v, i) })
		},
		// Java's union(theta, summary): a fresh summary of the mode updated with the value.
		thetaSummary: func(v *tupleValues) *numberSummary[T] {
			s := newNumberSummary[T](mode)
			s.Update(numberValue[T](v, 0))
			return s
		},
	}
}

func aosKind() *genericKind[*tuple.ArrayOfStringsSummary, []string] {
	return &genericKind[*tuple.ArrayOfStringsSummary, []string]{
		newSummary: tuple.NewArrayOfStringsSummaryFunc,
		policy:     keepFirst{},
		write:      tuple.ArrayOfStringsSummaryWriter,
		read:       tuple.ArrayOfStringsSummaryReader,
		text:       aosText,
		feed:       feedAos,
	}
}

// feedAos: item i's key is the one-string array of its text (a long in decimal, a string as is),
// hashed by the module's GenerateHashKeyFromStrings; its summary the n strings strings[(i+j) mod len].
func feedAos(s *tuple.UpdateSketch[*tuple.ArrayOfStringsSummary, []string], o op, it *items, n int) error {
	var given []string
	if list, ok := o["strings"].([]any); ok {
		for _, x := range list {
			if t, ok := x.(string); ok {
				given = append(given, t)
			}
		}
	}
	if len(given) == 0 {
		given = []string{"s"}
	}
	var keys []string
	switch it.kind {
	case longItems:
		for _, x := range it.longs {
			keys = append(keys, strconv.FormatInt(x, 10))
		}
	case stringItems:
		for _, b := range it.bytes {
			keys = append(keys, string(b))
		}
	default:
		return rejected("an aos key is a string array: double and byte-array items are not defined")
	}
	for i, key := range keys {
		values := make([]string, n)
		for j := range values {
			values[j] = given[(i+j)%len(given)]
		}
		if err := notInsertedTuple(s.UpdateUint64(tuple.GenerateHashKeyFromStrings([]string{key}), values)); err != nil {
			return err
		}
	}
	return nil
}

func (k *genericKind[S, V]) sketch(v any) (tuple.Sketch[S], error) {
	switch s := v.(type) {
	case *tuple.UpdateSketch[S, V]:
		return s, nil
	case *tuple.CompactSketch[S]:
		return s, nil
	}
	return nil, otherSummary("a sketch slot")
}

func (k *genericKind[S, V]) create(o op) (any, error) {
	opts, err := updateSketchOptions(o)
	if err != nil {
		return nil, err
	}
	return tuple.NewUpdateSketch[S, V](k.newSummary, opts...)
}

func (k *genericKind[S, V]) union(o op) (any, error) {
	opts, err := unionOptions(o)
	if err != nil {
		return nil, err
	}
	return tuple.NewUnion[S](k.policy, opts...)
}

func (k *genericKind[S, V]) intersection(o op) (any, error) {
	return tuple.NewIntersection[S](k.policy, tuple.WithIntersectionSeed(thetaSeed(o))), nil
}

func (k *genericKind[S, V]) update(sketch any, o op, it *items, strings int) error {
	s, ok := sketch.(*tuple.UpdateSketch[S, V])
	if !ok {
		return rejected("the slot takes no items")
	}
	return k.feed(s, o, it, strings)
}

func (k *genericKind[S, V]) merge(target, from any) error {
	s, err := k.sketch(from)
	if err != nil {
		return err
	}
	switch t := target.(type) {
	case *tuple.Union[S]:
		return t.Update(s)
	case *tuple.Intersection[S]:
		return t.Update(s)
	}
	return rejected("the slot is neither a union nor an intersection")
}

func (k *genericKind[S, V]) mergeTheta(target any, t theta.Sketch, o op) error {
	if k.thetaSummary == nil {
		return unsupported(o.sketch()+".merge", "the vocabulary gives a theta sketch a number summary, not an array of strings")
	}
	v, err := valuesOf(o)
	if err != nil {
		return err
	}
	s, err := tuple.NewCompactSketchFromThetaSketch[S](t, k.thetaSummary(v), true)
	if err != nil {
		return err
	}
	return k.merge(target, s)
}

func (k *genericKind[S, V]) result(from any, ordered bool) (any, error) {
	switch s := from.(type) {
	case *tuple.Union[S]:
		return s.Result(ordered)
	case *tuple.Intersection[S]:
		return s.Result(ordered)
	}
	return nil, rejected("the slot is neither a union nor an intersection")
}

func (k *genericKind[S, V]) compact(from any, ordered bool) (any, error) {
	s, err := k.sketch(from)
	if err != nil {
		return nil, err
	}
	return tuple.NewCompactSketch[S](s, ordered)
}

func (k *genericKind[S, V]) aNotB(a, b any, o op) (any, error) {
	sa, err := k.sketch(a)
	if err != nil {
		return nil, err
	}
	sb, err := k.sketch(b)
	if err != nil {
		return nil, err
	}
	return tuple.ANotB[S](sa, sb, thetaSeed(o), ordered(o))
}

// aNotTheta takes b as a compact theta sketch of the step's order, as the native adapter passes
// it (compact_tuple_sketch(theta, S(), ordered)): b is read for its hashes only, and with an
// unordered b the module's a-not-b builds C++'s table (TH12, TU8) and takes minutes at lgK 16.
func (k *genericKind[S, V]) aNotTheta(a any, b theta.Sketch, o op) (any, error) {
	sa, err := k.sketch(a)
	if err != nil {
		return nil, err
	}
	return tuple.TupleANotThetaB[S](sa, theta.NewCompactSketch(b, ordered(o)), thetaSeed(o), ordered(o))
}

func (k *genericKind[S, V]) jaccard(a, b any, o op) (tuple.JaccardSimilarityResult, error) {
	sa, err := k.sketch(a)
	if err != nil {
		return tuple.JaccardSimilarityResult{}, err
	}
	sb, err := k.sketch(b)
	if err != nil {
		return tuple.JaccardSimilarityResult{}, err
	}
	return tuple.Jaccard[S](sa, sb, k.policy, thetaSeed(o))
}

func (k *genericKind[S, V]) jaccardTheta(a any, b theta.Sketch, o op) (tuple.JaccardSimilarityResult, error) {
	if k.thetaSummary == nil {
		return tuple.JaccardSimilarityResult{}, rejected("jaccard: no theta summary for this kind")
	}
	v, err := valuesOf(o)
	if err != nil {
		return tuple.JaccardSimilarityResult{}, err
	}
	sb, err := tuple.NewCompactSketchFromThetaSketch[S](b, k.thetaSummary(v), true)
	if err != nil {
		return tuple.JaccardSimilarityResult{}, err
	}
	return k.jaccard(a, sb, o)
}

func (k *genericKind[S, V]) encode(sketch any) ([]byte, error) {
	var compact *tuple.CompactSketch[S]
	switch s := sketch.(type) {
	case *tuple.UpdateSketch[S, V]:
		c, err := s.Compact(true)
		if err != nil {
			return nil, err
		}
		compact = c
	case *tuple.CompactSketch[S]:
		compact = s
	default:
		return nil, otherSummary("the slot")
	}
	var image bytes.Buffer
	enc := tuple.NewEncoder[S](&image, k.write)
	if err := enc.Encode(compact); err != nil {
		return nil, err
	}
	return image.Bytes(), nil
}

func (k *genericKind[S, V]) decode(image []byte, seed uint64) (any, error) {
	return tuple.Decode[S](image, seed, k.read)
}

func (k *genericKind[S, V]) summaries(sketch any) (string, error) {
	s, err := k.sketch(sketch)
	if err != nil {
		return "", err
	}
	entries := map[uint64]string{}
	for hash, summary := range s.All() {
		text, err := k.text(summary)
		if err != nil {
			return "", err
		}
		entries[hash] = text
	}
	return joinEntries(entries), nil
}

// joinEntries: `<hash hex>:<summary>` by ascending hash, joined by spaces.
func joinEntries(entries map[uint64]string) string {
	parts := make([]string, 0, len(entries))
	for _, hash := range slices.Sorted(maps.Keys(entries)) {
		parts = append(parts, fmt.Sprintf("%016x:%s", hash, entries[hash]))
	}
	return strings.Join(parts, " ")
}
