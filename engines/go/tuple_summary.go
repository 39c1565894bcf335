package main

// The summaries the Tuple wing gives the module's generic tuple sketch. The module ships the
// generic sketch and its set operations over any Summary, the array-of-numbers sketch and the
// array-of-strings summary, but no double or int summary and no policy for any of them: a user
// writes those. They are written here as datasketches-java's DoubleSummary and IntegerSummary
// state them (a fresh summary of the mode updated with each value, `v < cur` / `v > cur` so that
// NaN never enters; a set operation updates a fresh summary of its mode with both), and as
// pointers with a Policy that changes the summary in place: the way of the module's own tests and
// of its array-of-numbers and array-of-strings summaries. Images carry the value only (8 bytes a
// double, 4 an int32, little-endian): datasketches-cpp's default serde, and the width of the
// module's own tuple_int snapshots.

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/apache/datasketches-go/tuple"
)

// summaryMode is Java's DoubleSummary.Mode / IntegerSummary.Mode.
type summaryMode int

const (
	modeSum summaryMode = iota
	modeMin
	modeMax
	modeAlwaysOne
)

var summaryModes = map[string]summaryMode{"sum": modeSum, "min": modeMin, "max": modeMax, "always_one": modeAlwaysOne}

type tupleNumber interface{ float64 | int32 }

// freshValue is a new summary's value in mode.
func freshValue[T tupleNumber](mode summaryMode) T {
	var zero T
	switch mode {
	case modeMin:
		if _, isInt := any(zero).(int32); isInt {
			return any(int32(math.MaxInt32)).(T)
		}
		return any(math.Inf(1)).(T)
	case modeMax:
		if _, isInt := any(zero).(int32); isInt {
			return any(int32(math.MinInt32)).(T)
		}
		return any(math.Inf(-1)).(T)
	case modeAlwaysOne:
		return 1
	}
	return zero
}

// applyMode is Java's Summary.update(value) in mode (an int32 sum wraps, as Java's int does).
func applyMode[T tupleNumber](mode summaryMode, cur, v T) T {
	switch mode {
	case modeSum:
		return cur + v
	case modeMin:
		if v < cur {
			return v
		}
	case modeMax:
		if v > cur {
			return v
		}
	case modeAlwaysOne:
		return 1
	}
	return cur
}

// numberSummary is a double or int summary of a mode (the mode its updates take).
type numberSummary[T tupleNumber] struct {
	value T
	mode  summaryMode
}

func newNumberSummary[T tupleNumber](mode summaryMode) *numberSummary[T] {
	return &numberSummary[T]{value: freshValue[T](mode), mode: mode}
}

func (s *numberSummary[T]) Reset()               { s.value = freshValue[T](s.mode) }
func (s *numberSummary[T]) Clone() tuple.Summary { c := *s; return &c }
func (s *numberSummary[T]) Update(v T)           { s.value = applyMode(s.mode, s.value, v) }

// modePolicy is Java's DoubleSummarySetOperations / IntegerSummarySetOperations of one mode for
// union and intersection: the summary becomes a fresh one of the mode updated with both.
type modePolicy[T tupleNumber] struct{ mode summaryMode }

func (p modePolicy[T]) Apply(internal, incoming *numberSummary[T]) {
	r := applyMode(p.mode, freshValue[T](p.mode), internal.value)
	internal.value = applyMode(p.mode, r, incoming.value)
	internal.mode = p.mode
}

func writeNumberSummary[T tupleNumber](w io.Writer, s *numberSummary[T]) error {
	return binary.Write(w, binary.LittleEndian, s.value)
}

// numberSummaryReader reads values into summaries of mode (the image carries no mode).
func numberSummaryReader[T tupleNumber](mode summaryMode) tuple.SummaryReader[*numberSummary[T]] {
	return func(r io.Reader) (*numberSummary[T], error) {
		s := &numberSummary[T]{mode: mode}
		if err := binary.Read(r, binary.LittleEndian, &s.value); err != nil {
			return nil, err
		}
		return s, nil
	}
}

// numberText is a summary as the `summaries` query writes it: a double as its bits, an int in decimal.
func numberText[T tupleNumber](s *numberSummary[T]) (string, error) {
	switch v := any(s.value).(type) {
	case float64:
		return fmt.Sprintf("%016x", math.Float64bits(v)), nil
	case int32:
		return strconv.FormatInt(int64(v), 10), nil
	}
	return "", fmt.Errorf("not a double or int summary")
}

// keepFirst is Java's ArrayOfStringsSummarySetOperations: union and intersection keep the summary
// they hold. The module ships no set-operation policy for its array-of-strings summary.
type keepFirst struct{}

func (keepFirst) Apply(*tuple.ArrayOfStringsSummary, *tuple.ArrayOfStringsSummary) {}

// aodSum sums the arrays of doubles, on union and intersection (the only combination both
// reference libraries ship); the module ships no policy for its array-of-numbers sketch.
type aodSum struct{}

func (aodSum) Apply(internal, incoming *tuple.ArrayOfNumbersSummary[float64]) {
	internal.Update(incoming.Values())
}

// aosText is an array-of-strings summary as the `summaries` query writes it. The summary keeps its
// strings unexported: they are read back from the module's own writer (ArrayOfStringsSummaryWriter:
// u32 total bytes, u8 count, then each string as u32 length and its bytes).
func aosText(s *tuple.ArrayOfStringsSummary) (string, error) {
	var b strings.Builder
	var image bytesWriter
	if err := tuple.ArrayOfStringsSummaryWriter(&image, s); err != nil {
		return "", err
	}
	data := []byte(image)
	if len(data) < 5 {
		return "", fmt.Errorf("array-of-strings summary of %d bytes", len(data))
	}
	count := int(data[4])
	data = data[5:]
	for j := 0; j < count; j++ {
		if len(data) < 4 || uint64(len(data)-4) < uint64(binary.LittleEndian.Uint32(data)) {
			return "", fmt.Errorf("array-of-strings summary ends inside string %d", j)
		}
		n := binary.LittleEndian.Uint32(data)
		text := data[4 : 4+n]
		data = data[4+n:]
		if j > 0 {
			b.WriteByte('/')
		}
		b.WriteByte('"')
		for _, c := range text {
			if c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
				fmt.Fprintf(&b, "\\x%02x", c)
			} else {
				b.WriteByte(c)
			}
		}
		b.WriteByte('"')
	}
	return b.String(), nil
}

type bytesWriter []byte

func (w *bytesWriter) Write(p []byte) (int, error) { *w = append(*w, p...); return len(p), nil }

// tupleValues are the values an update step gives its items (value + i * value_step, or a special
// double); an int summary reads the decimal texts as C++'s strtoll does (their leading integer).
type tupleValues struct {
	special      *float64
	base, step   float64
	ibase, istep int64
}

func decimalText(o op, key, fallback string) string {
	if v, ok := o[key]; ok {
		return fmt.Sprint(v)
	}
	return fallback
}

func leadingInteger(text string) int64 {
	t := strings.TrimLeft(text, " \t\n")
	end := 0
	if end < len(t) && (t[end] == '-' || t[end] == '+') {
		end++
	}
	for end < len(t) && t[end] >= '0' && t[end] <= '9' {
		end++
	}
	v, _ := strconv.ParseInt(t[:end], 10, 64)
	return v
}

func valuesOf(o op) (*tupleValues, error) {
	v := &tupleValues{}
	if sp, ok := o.optStr("special"); ok {
		// The NaN of Java's Double.NaN and C++'s quiet_NaN: Go's math.NaN() has another payload.
		x, known := map[string]float64{"nan": math.Float64frombits(0x7ff8000000000000), "inf": math.Inf(1),
			"-inf": math.Inf(-1), "-0": math.Copysign(0, -1)}[sp]
		if !known {
			return nil, rejected(fmt.Sprintf("special: '%s' is not nan, inf, -inf or -0", sp))
		}
		v.special = &x
	}
	value, step := decimalText(o, "value", "1"), decimalText(o, "value_step", "0")
	var err error
	if v.base, err = strconv.ParseFloat(value, 64); err != nil {
		return nil, rejected(fmt.Sprintf("value: '%s' is not a decimal", value))
	}
	if v.step, err = strconv.ParseFloat(step, 64); err != nil {
		return nil, rejected(fmt.Sprintf("value_step: '%s' is not a decimal", step))
	}
	v.ibase, v.istep = leadingInteger(value), leadingInteger(step)
	return v, nil
}

func (v *tupleValues) double(i int) float64 {
	if v.special != nil {
		return *v.special
	}
	return v.base + float64(i)*v.step
}

// int32 wraps as Java's (int) of a long does.
func (v *tupleValues) int32(i int) int32 { return int32(v.ibase + int64(i)*v.istep) }

// numberValue is item i's value for a summary of T.
func numberValue[T tupleNumber](v *tupleValues, i int) T {
	var zero T
	if _, isInt := any(zero).(int32); isInt {
		return any(v.int32(i)).(T)
	}
	return any(v.double(i)).(T)
}
