package main

// Update steps of the hashing families (HLL, Theta, CPC). The module's sketches take int64,
// []byte and string items. Where a sketch has no double update (HLL), a double goes as Java's
// update(double) and C++'s update(double) hash it: 0.0 for -0.0, one NaN for every NaN, then the
// eight bytes of its bits as a long; where it has one (Theta's UpdateFloat64), that is used.
// Which empty items are skipped is the module's choice, per family.

import "math"

// hashSink is something that takes hashable items: a sketch or a union.
type hashSink interface {
	UpdateInt64(datum int64) error
	UpdateSlice(datum []byte) error
	UpdateString(datum string) error
}

// floatSink is a sink with a double update of its own.
type floatSink interface {
	UpdateFloat64(datum float64) error
}

// canonicalDouble is the long C++ and Java hash for a double.
func canonicalDouble(x float64) int64 {
	switch {
	case x == 0:
		return 0
	case math.IsNaN(x):
		return 0x7ff8000000000000
	}
	return int64(math.Float64bits(x))
}

func updateAll(it *items, sink hashSink) error {
	var err error
	switch it.kind {
	case longItems:
		for _, x := range it.longs {
			if err = sink.UpdateInt64(x); err != nil {
				return err
			}
		}
	case doubleItems:
		f, own := sink.(floatSink)
		for _, x := range it.doubles {
			if own {
				err = f.UpdateFloat64(x)
			} else {
				err = sink.UpdateInt64(canonicalDouble(x))
			}
			if err != nil {
				return err
			}
		}
	case stringItems:
		for _, b := range it.bytes {
			if err = sink.UpdateString(string(b)); err != nil {
				return err
			}
		}
	case byteArrayItems:
		for _, b := range it.bytes {
			if err = sink.UpdateSlice(b); err != nil {
				return err
			}
		}
	}
	return nil
}
