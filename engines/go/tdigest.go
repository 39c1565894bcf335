package main

// The t-digest steps of sketches/tdigest/tdigest_steps.json on the module's tdigest package:
// Double, a digest of float64.
//
// t-digest draws no random bits, so everything is compared. Errors the module returns are the
// step's error, as a Go caller gets them: Update of NaN or an infinity (ErrNaN, ErrInfinity, where
// C++ and Java skip the value), Merge of an empty digest (ErrEmpty, where they merge nothing), and
// min, max, ranks and quantiles of an empty digest (ErrEmpty, where C++ throws too).
// The module lacks, and the step answers unsupported: a digest of floats (create item=float, and
// deserialize of C++'s float images), the query to_string (native-only). Not declared: compress
// (its compress is not exported; queries and serialize compress first).

import (
	"fmt"

	"github.com/apache/datasketches-go/tdigest"
)

func tdigestFamily() family {
	return family{
		name:  "tdigest",
		steps: []string{"create", "update", "merge", "serialize", "deserialize", "query"},
		lacks: []string{
			"create and deserialize item=float: the module's t-digest holds float64",
			"compress: not exported",
			"query to_string: native-only",
		},
		newStage: func() familyStage { return &tdigestStage{slots: map[string]*tdigest.Double{}} },
	}
}

type tdigestStage struct {
	slots map[string]*tdigest.Double
}

func (s *tdigestStage) slot(name string) (*tdigest.Double, error) {
	d, ok := s.slots[name]
	if !ok {
		return nil, rejected(fmt.Sprintf("slot '%s' does not exist", name))
	}
	return d, nil
}

func (s *tdigestStage) drop(name string) { delete(s.slots, name) }

func (s *tdigestStage) step(o op, it *items, io *stageIO) error {
	name := o.sketch()
	switch o.step() {
	case "create":
		if item, _ := o.optStr("item"); item != "double" {
			return unsupported(name+".create", "the module's t-digest holds float64")
		}
		k, err := o.int("k")
		if err != nil {
			return err
		}
		if k < 0 || k > 65535 {
			return rejected("k: not in 0..65535")
		}
		d, err := tdigest.NewDouble(uint16(k))
		if err != nil {
			return err
		}
		s.slots[name] = d
	case "update":
		d, err := s.slot(name)
		if err != nil {
			return err
		}
		if it == nil || it.kind != doubleItems {
			return rejected("update: t-digest takes a tape of doubles")
		}
		for _, x := range it.doubles {
			if err := d.Update(x); err != nil {
				return err
			}
		}
	case "merge":
		d, err := s.slot(name)
		if err != nil {
			return err
		}
		from, err := o.str("from")
		if err != nil {
			return err
		}
		other, err := s.slot(from)
		if err != nil {
			return err
		}
		return d.Merge(other)
	case "serialize":
		d, err := s.slot(name)
		if err != nil {
			return err
		}
		form, err := o.str("form")
		if err != nil {
			return err
		}
		image, err := tdigest.EncodeDouble(d, form == "buffer")
		if err != nil {
			return err
		}
		io.obs.bytes(o.out()+"."+form, image)
	case "deserialize":
		if item, _ := o.optStr("item"); item != "double" {
			return unsupported(name+".deserialize", "the module reads float64 images only")
		}
		key, err := o.str("image")
		if err != nil {
			return err
		}
		image, err := io.image(key)
		if err != nil {
			return err
		}
		d, err := tdigest.DecodeDouble(image)
		if err != nil {
			return err
		}
		s.slots[name] = d
	case "query":
		d, err := s.slot(name)
		if err != nil {
			return err
		}
		return tdigestQuery(d, o, io.obs)
	default:
		return rejected(fmt.Sprintf("'%s' is not a tdigest step", o.step()))
	}
	return nil
}

func tdigestQuery(d *tdigest.Double, o op, obs *observations) error {
	ranks, err := o.decimals("ranks")
	if err != nil {
		return err
	}
	points, err := o.decimals("points")
	if err != nil {
		return err
	}
	for _, q := range o.queries() {
		name := o.out() + "." + q
		switch q {
		case "n":
			obs.int(name, int64(d.TotalWeight()))
		case "k":
			obs.int(name, int64(d.K()))
		case "is_empty":
			obs.bool(name, d.IsEmpty())
		case "min", "max":
			get := d.MinValue
			if q == "max" {
				get = d.MaxValue
			}
			x, err := get()
			if err != nil {
				return err
			}
			obs.double(name, x)
		case "to_string":
			obs.unsupported(name, "a native-only observation")
		case "quantiles":
			for i, r := range ranks {
				x, err := d.Quantile(r)
				if err != nil {
					return err
				}
				obs.double(fmt.Sprintf("%s[%d]", name, i), x)
			}
		case "ranks":
			for i, p := range points {
				x, err := d.Rank(p)
				if err != nil {
					return err
				}
				obs.double(fmt.Sprintf("%s[%d]", name, i), x)
			}
		case "pmf", "cdf":
			get := d.CDF
			if q == "pmf" {
				get = d.PMF
			}
			values, err := get(points)
			if err != nil {
				return err
			}
			for i, x := range values {
				obs.double(fmt.Sprintf("%s[%d]", name, i), x)
			}
		default:
			return rejected(fmt.Sprintf("queries: unknown query '%s'", q))
		}
	}
	return nil
}
