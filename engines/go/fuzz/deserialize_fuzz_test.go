// Go's native fuzzing of the datasketches-go readers (scripts/fuzz-go): each target reads
// arbitrary bytes as a family's image and does what a reader does with what it got. An error is a
// refusal, as it should be; a panic, or a process that dies (an allocation of what a damaged
// count asks for), is a finding (docs/findings-fuzz.md, FZ4).
package fuzz

import (
	"testing"

	"github.com/apache/datasketches-go/common"
	"github.com/apache/datasketches-go/count"
	"github.com/apache/datasketches-go/cpc"
	"github.com/apache/datasketches-go/filters"
	"github.com/apache/datasketches-go/frequencies"
	"github.com/apache/datasketches-go/hll"
	"github.com/apache/datasketches-go/kll"
	"github.com/apache/datasketches-go/sampling"
	"github.com/apache/datasketches-go/tdigest"
	"github.com/apache/datasketches-go/theta"
	"github.com/apache/datasketches-go/tuple"
)

// The seeds of the datasketches update hash, as the images carry them.
const defaultSeed = 9001

func FuzzHll(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		sk, err := hll.NewHllSketchFromSlice(b, true)
		if err != nil {
			return
		}
		_, _ = sk.GetEstimate()
		_, _ = sk.ToCompactSlice()
		_, _ = sk.ToUpdatableSlice()
	})
}

func FuzzTheta(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		sk, err := theta.Decode(b, theta.DefaultSeed)
		if err != nil {
			return
		}
		_ = sk.Estimate()
	})
}

func FuzzCpc(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		sk, err := cpc.NewCpcSketchFromSlice(b, defaultSeed)
		if err != nil {
			return
		}
		_ = sk.GetEstimate()
		_, _ = sk.ToCompactSlice()
	})
}

func FuzzFrequentLongs(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		sk, err := frequencies.NewLongsSketchFromSlice(b)
		if err != nil {
			return
		}
		_ = sk.ToSlice()
	})
}

func FuzzFrequentStrings(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		sk, err := frequencies.NewFrequencyItemsSketchFromSlice[string](b, common.ItemSketchStringHasher{}, common.ItemSketchStringSerDe{})
		if err != nil {
			return
		}
		_, _ = sk.ToSlice()
	})
}

func FuzzKllDoubles(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		sk, err := kll.NewKllItemsSketchFromSlice[float64](b, common.ItemSketchDoubleComparator(false), common.ItemSketchDoubleSerDe{})
		if err != nil {
			return
		}
		_, _ = sk.GetQuantile(0.5, true)
		_, _ = sk.ToSlice()
	})
}

func FuzzTupleStrings(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		sk, err := tuple.Decode[*tuple.ArrayOfStringsSummary](b, defaultSeed, tuple.ArrayOfStringsSummaryReader)
		if err != nil {
			return
		}
		_ = sk.Estimate()
	})
}

func FuzzTupleDoubles(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		sk, err := tuple.DecodeArrayOfNumbersCompactSketch[float64](b, defaultSeed)
		if err != nil {
			return
		}
		_ = sk.Estimate()
	})
}

func FuzzTdigest(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := tdigest.DecodeDouble(b)
		if err != nil {
			return
		}
		_, _ = d.Quantile(0.5)
		_, _ = tdigest.EncodeDouble(d, false)
	})
}

func FuzzCountmin(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		sk, err := (&count.CountMinSketch{}).Deserialize(b, defaultSeed)
		if err != nil {
			return
		}
		_ = sk.GetEstimateUint64(1)
	})
}

func FuzzBloom(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		bf, err := filters.NewBloomFilterFromSlice(b)
		if err != nil {
			return
		}
		_ = bf.QueryInt64(1)
		_, _ = bf.ToCompactSlice()
	})
}

func FuzzReservoir(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := sampling.NewReservoirItemsSketchFromSlice[int64](b, common.ItemSketchLongSerDe{}); err != nil {
			return
		}
	})
}

func FuzzVarOpt(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		sk, err := sampling.DecodeVarOptItemsSketch[int64](b, common.ItemSketchLongSerDe{})
		if err != nil {
			return
		}
		_ = sk.N()
		_ = sk.NumSamples()
	})
}
