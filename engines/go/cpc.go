package main

// The CPC steps of sketches/cpc/cpc_steps.json on the module's cpc package: CpcSketch, CpcUnion,
// and CpcWrapper for deserialize mode=wrap (the module has one, as Java does).
//
// The module lacks, and the step answers unsupported:
//   - update on a union (CpcUnion takes sketches only);
//   - serialize of, or merge from, a wrapped image (CpcWrapper reads the preamble only);
//   - the queries is_empty and validate (not exported), for themselves only.
// merge how=move is a copy (Go has no move; Java's is a copy too).

import (
	"fmt"

	"github.com/apache/datasketches-go/cpc"
)

const defaultSeed = 9001

func cpcFamily() family {
	return family{
		name:  "cpc",
		steps: []string{"create", "union", "update", "merge", "result", "serialize", "deserialize", "query"},
		lacks: []string{
			"update on a union: CpcUnion takes sketches only",
			"serialize of, or merge from, a wrapped image: CpcWrapper reads the preamble only",
			"queries is_empty, validate: not exported",
		},
		newStage: func() familyStage { return &cpcStage{slots: map[string]any{}} },
	}
}

// cpcStage holds the slots: *cpc.CpcSketch, *cpc.CpcWrapper or *cpc.CpcUnion.
type cpcStage struct {
	slots map[string]any
}

// cpcUpdate is a sketch as a hashSink (its byte update is UpdateByteSlice).
type cpcUpdate struct{ *cpc.CpcSketch }

func (c cpcUpdate) UpdateSlice(b []byte) error { return c.UpdateByteSlice(b) }

func cpcSeed(o op) uint64 {
	if seed, err := o.int("seed"); err == nil {
		return uint64(seed)
	}
	return defaultSeed
}

// cpcEstimable is what a sketch and a wrapper both answer.
type cpcEstimable interface {
	GetEstimate() float64
	GetLowerBound(kappa int) float64
	GetUpperBound(kappa int) float64
	GetLgK() int
}

func (s *cpcStage) slot(name string) (any, error) { return slotIn(s.slots, name) }

func (s *cpcStage) query(o op, io *stageIO) error {
	v, err := s.slot(o.sketch())
	if err != nil {
		return err
	}
	for _, q := range o.queries() {
		name := o.out() + "." + q
		sk, ok := v.(cpcEstimable)
		if !ok {
			return rejected(fmt.Sprintf("queries: '%s' is not defined on a union", q))
		}
		switch q {
		case "estimate":
			io.obs.double(name, sk.GetEstimate())
		case "lb1", "lb2", "lb3":
			io.obs.double(name, sk.GetLowerBound(int(q[2]-'0')))
		case "ub1", "ub2", "ub3":
			io.obs.double(name, sk.GetUpperBound(int(q[2]-'0')))
		case "lg_k":
			io.obs.int(name, int64(sk.GetLgK()))
		case "is_empty", "validate":
			io.obs.unsupported(name, "the module does not export it")
		default:
			return rejected(fmt.Sprintf("queries: unknown query '%s'", q))
		}
	}
	return nil
}

func (s *cpcStage) drop(name string) { delete(s.slots, name) }

func (s *cpcStage) step(o op, it *items, io *stageIO) error {
	name := o.sketch()
	switch o.step() {
	case "create", "union":
		lgK, err := o.int("lg_k")
		if err != nil {
			return err
		}
		if o.step() == "create" {
			sk, err := cpc.NewCpcSketch(int(lgK), cpcSeed(o))
			if err != nil {
				return err
			}
			s.slots[name] = sk
			return nil
		}
		u, err := cpc.NewCpcUnionSketch(int(lgK), cpcSeed(o))
		if err != nil {
			return err
		}
		s.slots[name] = &u
	case "update":
		if it == nil {
			return rejected("update: no items")
		}
		v, err := s.slot(name)
		if err != nil {
			return err
		}
		switch target := v.(type) {
		case *cpc.CpcSketch:
			return updateAll(it, cpcUpdate{target})
		case *cpc.CpcUnion:
			return unsupported(name+".update", "CpcUnion takes sketches only")
		}
		return unsupported(name+".update", "a CpcWrapper is read-only")
	case "merge":
		from, err := o.str("from")
		if err != nil {
			return err
		}
		src, err := s.slot(from)
		if err != nil {
			return err
		}
		v, err := s.slot(name)
		if err != nil {
			return err
		}
		u, ok := v.(*cpc.CpcUnion)
		if !ok {
			return rejected(fmt.Sprintf("slot '%s' is not a union", name))
		}
		switch sk := src.(type) {
		case *cpc.CpcSketch:
			return u.Update(sk)
		case *cpc.CpcWrapper:
			return unsupported(name+".merge", "a CpcWrapper cannot be merged")
		}
		return rejected(fmt.Sprintf("slot '%s' is not a sketch", from))
	case "result":
		from, err := o.str("from")
		if err != nil {
			return err
		}
		v, err := s.slot(from)
		if err != nil {
			return err
		}
		u, ok := v.(*cpc.CpcUnion)
		if !ok {
			return rejected(fmt.Sprintf("slot '%s' is not a union", from))
		}
		sk, err := u.GetResult()
		if err != nil {
			return err
		}
		s.slots[name] = sk
	case "serialize":
		form, err := o.str("form")
		if err != nil {
			return err
		}
		if form != "compact" {
			return rejected(fmt.Sprintf("form: '%s' is not compact", form))
		}
		v, err := s.slot(name)
		if err != nil {
			return err
		}
		switch sk := v.(type) {
		case *cpc.CpcSketch:
			image, err := sk.ToCompactSlice()
			if err != nil {
				return err
			}
			io.obs.bytes(o.out()+".compact", image)
			return nil
		case *cpc.CpcWrapper:
			return unsupported(name+".serialize", "a CpcWrapper cannot be serialized")
		}
		return rejected(fmt.Sprintf("slot '%s' is not a sketch", name))
	case "deserialize":
		imageName, err := o.str("image")
		if err != nil {
			return err
		}
		image, err := io.image(imageName)
		if err != nil {
			return err
		}
		switch mode, _ := o.optStr("mode"); mode {
		case "", "heapify":
			sk, err := cpc.NewCpcSketchFromSlice(image, cpcSeed(o))
			if err != nil {
				return err
			}
			s.slots[name] = sk
		case "wrap":
			w, err := cpc.NewCpcWrapperFromBytes(image)
			if err != nil {
				return err
			}
			s.slots[name] = w
		default:
			return rejected(fmt.Sprintf("mode: '%s' is neither heapify nor wrap", mode))
		}
	case "query":
		return s.query(o, io)
	default:
		return rejected(fmt.Sprintf("'%s' is not a cpc step", o.step()))
	}
	return nil
}
