package main

// The Count-min steps of sketches/countmin/countmin_steps.json on the module's count package
// (CountMinSketch: long counters, int8 hash count, no default seed).
//
// The module lacks, and the step answers unsupported:
//   - create and deserialize with weight=double (its counters are int64), or without a seed (it
//     has no default);
//   - the query is_empty (its isEmpty is unexported) and to_string (native-only).
// Long items reach UpdateUint64 (the same 8 little-endian bytes), strings UpdateString, byte
// arrays Update; the bounds of a string are asked with its bytes (the module has no string form).

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/apache/datasketches-go/count"
)

func countminFamily() family {
	return family{
		name:  "countmin",
		steps: []string{"create", "update", "merge", "serialize", "deserialize", "estimate", "suggest", "query"},
		lacks: []string{
			"create/deserialize weight=double: the module's counters are int64",
			"create/deserialize without a seed: the module has no default seed",
			"query is_empty: CountMinSketch's isEmpty is unexported",
			"query to_string: native-only",
		},
		newStage: func() familyStage { return &countminStage{slots: map[string]*count.CountMinSketch{}} },
	}
}

type countminStage struct {
	slots map[string]*count.CountMinSketch
}

// seedAndCounters checks what a create or deserialize step needs of the module: long counters and a seed.
func seedAndCounters(o op) (int64, error) {
	w, err := o.str("weight")
	if err != nil {
		return 0, err
	}
	if w != "long" {
		return 0, unsupported(o.sketch()+"."+o.step(), "the module's CountMinSketch has int64 counters only")
	}
	if _, ok := o["seed"]; !ok {
		return 0, unsupported(o.sketch()+"."+o.step(), "the module has no default seed: a seed must be given")
	}
	return o.int("seed")
}

func (s *countminStage) drop(name string) { delete(s.slots, name) }

func (s *countminStage) step(o op, it *items, io *stageIO) error {
	name := o.sketch()
	switch o.step() {
	case "create":
		seed, err := seedAndCounters(o)
		if err != nil {
			return err
		}
		h, err := o.int("num_hashes")
		if err != nil {
			return err
		}
		b, err := o.int("num_buckets")
		if err != nil {
			return err
		}
		// int8 and int32, as a Go caller converts them.
		sk, err := count.NewCountMinSketch(int8(h), int32(b), seed)
		if err != nil {
			return err
		}
		s.slots[name] = sk
	case "update":
		sk, err := slotIn(s.slots, name)
		if err != nil {
			return err
		}
		weight := int64(1)
		if _, ok := o["weight"]; ok {
			if weight, err = o.int("weight"); err != nil {
				return err
			}
		}
		return countminUpdate(sk, it, weight)
	case "merge":
		sk, err := slotIn(s.slots, name)
		if err != nil {
			return err
		}
		from, _ := o.optStr("from")
		other, err := slotIn(s.slots, from)
		if err != nil {
			return err
		}
		return sk.Merge(other)
	case "serialize":
		sk, err := slotIn(s.slots, name)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := sk.Serialize(&buf); err != nil {
			return err
		}
		io.obs.bytes(o.out()+".compact", buf.Bytes())
	case "deserialize":
		seed, err := seedAndCounters(o)
		if err != nil {
			return err
		}
		imageName, err := o.str("image")
		if err != nil {
			return err
		}
		image, err := io.image(imageName)
		if err != nil {
			return err
		}
		// Deserialize is a method: a Go caller calls it on a zero sketch.
		sk, err := (&count.CountMinSketch{}).Deserialize(image, seed)
		if err != nil {
			return err
		}
		s.slots[name] = sk
	case "estimate":
		sk, err := slotIn(s.slots, name)
		if err != nil {
			return err
		}
		return countminEstimate(sk, it, o.out(), io)
	case "suggest":
		as := o.out()
		if text, ok := o.optStr("relative_error"); ok {
			e, err := strconv.ParseFloat(text, 64)
			if err != nil {
				return rejected("relative_error: " + err.Error())
			}
			n, err := count.SuggestNumBuckets(e)
			if err != nil {
				return err
			}
			io.obs.int(as+".num_buckets", int64(n))
		}
		if text, ok := o.optStr("confidence"); ok {
			c, err := strconv.ParseFloat(text, 64)
			if err != nil {
				return rejected("confidence: " + err.Error())
			}
			n, err := count.SuggestNumHashes(c)
			if err != nil {
				return err
			}
			io.obs.int(as+".num_hashes", int64(n))
		}
	case "query":
		sk, err := slotIn(s.slots, name)
		if err != nil {
			return err
		}
		return countminQuery(sk, o, io)
	default:
		return rejected(fmt.Sprintf("'%s' is not a Count-min step", o.step()))
	}
	return nil
}

func countminUpdate(sk *count.CountMinSketch, it *items, weight int64) error {
	if it == nil {
		return rejected("update without items")
	}
	switch it.kind {
	case longItems:
		for _, x := range it.longs {
			if err := sk.UpdateUint64(uint64(x), weight); err != nil {
				return err
			}
		}
	case stringItems:
		for _, b := range it.bytes {
			if err := sk.UpdateString(string(b), weight); err != nil {
				return err
			}
		}
	case byteArrayItems:
		for _, b := range it.bytes {
			if err := sk.Update(b, weight); err != nil {
				return err
			}
		}
	default:
		return rejected("Count-min takes long, string or bytes items")
	}
	return nil
}

// countminEstimate answers each item of the tape: all estimates, then the lower and the upper bounds.
func countminEstimate(sk *count.CountMinSketch, it *items, prefix string, io *stageIO) error {
	if it == nil {
		return rejected("estimate without items")
	}
	var est, lb, ub []int64
	switch it.kind {
	case longItems:
		for _, x := range it.longs {
			est = append(est, sk.GetEstimateUint64(uint64(x)))
			lb = append(lb, sk.GetLowerBoundUint64(uint64(x)))
			ub = append(ub, sk.GetUpperBoundUint64(uint64(x)))
		}
	case stringItems:
		for _, b := range it.bytes {
			est = append(est, sk.GetEstimateString(string(b)))
			lb = append(lb, sk.GetLowerBound(b))
			ub = append(ub, sk.GetUpperBound(b))
		}
	case byteArrayItems:
		for _, b := range it.bytes {
			est = append(est, sk.GetEstimate(b))
			lb = append(lb, sk.GetLowerBound(b))
			ub = append(ub, sk.GetUpperBound(b))
		}
	default:
		return rejected("Count-min takes long, string or bytes items")
	}
	for _, part := range []struct {
		query  string
		values []int64
	}{{"estimate", est}, {"lower_bound", lb}, {"upper_bound", ub}} {
		for i, v := range part.values {
			io.obs.int(fmt.Sprintf("%s.%s[%d]", prefix, part.query, i), v)
		}
	}
	return nil
}

func countminQuery(sk *count.CountMinSketch, o op, io *stageIO) error {
	prefix := o.out()
	for _, q := range o.queries() {
		name := prefix + "." + q
		switch q {
		case "total_weight":
			io.obs.int(name, sk.GetTotalWeight())
		case "num_hashes":
			io.obs.int(name, int64(sk.GetNumHashes()))
		case "num_buckets":
			io.obs.int(name, int64(sk.GetNumBuckets()))
		case "seed":
			io.obs.int(name, sk.GetSeed())
		case "relative_error":
			io.obs.double(name, sk.GetRelativeError())
		case "is_empty":
			io.obs.unsupported(name, "CountMinSketch's isEmpty is unexported")
		case "serialized_size":
			var buf bytes.Buffer
			if err := sk.Serialize(&buf); err != nil {
				return err
			}
			io.obs.int(name, int64(buf.Len()))
		case "to_string":
			io.obs.unsupported(name, "a native-only observation")
		default:
			return rejected(fmt.Sprintf("queries: unknown query '%s'", q))
		}
	}
	return nil
}
