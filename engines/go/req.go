package main

// The REQ steps of sketches/req/req_steps.json on the module's req package (float32 items).
//
// The module's REQ sketch has no serialization: serialize answers its image field unsupported and
// leaves the slot as it was (its queries are still compared); deserialize is not declared, so the
// harness answers it unsupported and the slot it would make is unusable (the cross stage is the
// other engines'). It has no RSE either (the query rse answers unsupported). Random bits: a compactor flips its coin with the
// global math/rand/v2 (rand.IntN), which nothing outside the module can seed. An update or merge
// that compacted (fewer items retained than it added) made a sketch of bits nobody chose: as for
// the Python engine the step answers "<sketch>.<step>" unsupported and the slot is unusable from
// there on; with seed_optional (an accuracy study, judged against the truth) it keeps the
// module's own bits and "lang.random_bits" says so. Steps that do not compact are compared.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/apache/datasketches-go/req"
)

func reqFamily() family {
	return family{
		name:  "req",
		steps: []string{"create", "update", "merge", "serialize", "query"},
		lacks: []string{
			"serialize, deserialize: the module's REQ sketch has no serialization",
			"update/merge that compacts under a seed: the module's random bits (math/rand/v2) cannot be seeded",
			"query rse: the module has no RSE",
		},
		newStage: func() familyStage { return &reqStage{slots: map[string]*req.Sketch{}} },
	}
}

type reqStage struct {
	slots map[string]*req.Sketch
	// ownBits: a seed_optional step compacted with the module's own bits ("lang.random_bits").
	ownBits bool
}

func (s *reqStage) compacted(o op, io *stageIO) error {
	if optional, _ := o["seed_optional"].(bool); !optional {
		return unsupported(o.sketch()+"."+o.step(),
			fmt.Sprintf("this %s compacted, and the module cannot pin the random bits of REQ compactions", o.step()))
	}
	if !s.ownBits {
		s.ownBits = true
		io.obs.unsupported("lang.random_bits", "the module cannot pin the random bits of REQ compactions: this case compacted with its own")
	}
	return nil
}

func (s *reqStage) drop(name string) { delete(s.slots, name) }

func (s *reqStage) step(o op, it *items, io *stageIO) error {
	name := o.sketch()
	switch o.step() {
	case "create":
		k, err := o.int("k")
		if err != nil {
			return err
		}
		if item, ok := o.optStr("item"); ok && item != "float" {
			return rejected("item: only float")
		}
		hra, ok := o["hra"].(bool)
		if !ok {
			hra = true
		}
		sk, err := req.NewSketch(req.WithK(int(k)), req.WithHighRankAccuracyMode(hra))
		if err != nil {
			return err
		}
		s.slots[name] = sk
	case "update":
		sk, err := slotIn(s.slots, name)
		if err != nil {
			return err
		}
		if it == nil || it.kind != doubleItems {
			return rejected("update: a float sketch takes doubles")
		}
		n, retained := sk.N(), sk.NumRetained()
		for _, x := range it.doubles {
			if err := sk.Update(float32(x)); err != nil {
				return err
			}
		}
		// Without a compaction every item counted (NaN is neither counted nor kept) is retained.
		if int64(sk.NumRetained()-retained) != sk.N()-n {
			return s.compacted(o, io)
		}
	case "merge":
		sk, err := slotIn(s.slots, name)
		if err != nil {
			return err
		}
		from, err := o.str("from")
		if err != nil {
			return err
		}
		other, err := slotIn(s.slots, from)
		if err != nil {
			return err
		}
		retained := sk.NumRetained() + other.NumRetained()
		if err := sk.Merge(other); err != nil {
			return err
		}
		if sk.NumRetained() != retained {
			return s.compacted(o, io)
		}
	case "serialize":
		if _, err := slotIn(s.slots, name); err != nil {
			return err
		}
		io.obs.unsupported(o.out()+".compact", "the module's REQ sketch has no serialization")
	case "query":
		sk, err := slotIn(s.slots, name)
		if err != nil {
			return err
		}
		return reqQuery(sk, o, io.obs)
	default:
		return rejected(fmt.Sprintf("'%s' is not a req step", o.step()))
	}
	return nil
}

func reqQuery(sk *req.Sketch, o op, obs *observations) error {
	ranks, err := o.decimals("ranks")
	if err != nil {
		return err
	}
	list, _ := o["points"].([]any)
	points := make([]float32, 0, len(list))
	for _, v := range list {
		text, _ := v.(string)
		x, err := strconv.ParseFloat(text, 32) // rounded to float as strtof would
		if err != nil {
			return rejected(fmt.Sprintf("points: '%s' is not a float", text))
		}
		points = append(points, float32(x))
	}
	for _, q := range o.queries() {
		name := o.out() + "." + q
		inclusive := !strings.HasSuffix(q, "_excl")
		var criterion []req.SearchCriteriaOptionFunc
		if !inclusive {
			criterion = append(criterion, req.WithExclusiveSearch())
		}
		switch base := strings.TrimSuffix(q, "_excl"); base {
		case "n":
			obs.int(name, sk.N())
		case "k":
			obs.int(name, int64(sk.K()))
		case "hra":
			obs.bool(name, sk.IsHighRankAccuracyMode())
		case "num_retained":
			obs.int(name, int64(sk.NumRetained()))
		case "is_empty":
			obs.bool(name, sk.IsEmpty())
		case "is_estimation_mode":
			obs.bool(name, sk.IsEstimationMode())
		case "min", "max":
			get := sk.MinItem
			if q == "max" {
				get = sk.MaxItem
			}
			v, err := get()
			if err != nil {
				return err
			}
			obs.double(name, float64(v))
		case "quantiles":
			for i, r := range ranks {
				v, err := sk.Quantile(r, criterion...)
				if err != nil {
					return err
				}
				obs.double(fmt.Sprintf("%s[%d]", name, i), float64(v))
			}
		case "ranks":
			for i, p := range points {
				r, err := sk.Rank(p, criterion...)
				if err != nil {
					return err
				}
				obs.double(fmt.Sprintf("%s[%d]", name, i), r)
			}
		case "pmf", "cdf":
			var values []float64
			if base == "pmf" {
				values, err = sk.PMF(points, criterion...)
			} else {
				values, err = sk.CDF(points, inclusive)
			}
			if err != nil {
				return err
			}
			for i, v := range values {
				obs.double(fmt.Sprintf("%s[%d]", name, i), v)
			}
		case "rse":
			obs.unsupported(name, "the module has no RSE of a rank")
		case "rank_lb1", "rank_lb2", "rank_lb3", "rank_ub1", "rank_ub2", "rank_ub3":
			sd := req.WithNumStdDev(int(base[7] - '0'))
			bound := sk.RankUpperBound
			if base[5] == 'l' { // rank_lb<sd> or rank_ub<sd>
				bound = sk.RankLowerBound
			}
			for i, r := range ranks {
				v, err := bound(r, sd)
				if err != nil {
					return err
				}
				obs.double(fmt.Sprintf("%s[%d]", name, i), v)
			}
		default:
			return rejected(fmt.Sprintf("queries: unknown query '%s'", q))
		}
	}
	return nil
}
