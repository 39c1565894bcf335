package main

// The walk over one stage's steps: fresh slots, each step's item tape, the steps a family cannot do
// in some variant (an unsupported field, the slot unusable from there on), the module's errors and
// panics as observations that end the stage.

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
)

// rejectedError: the stage is malformed (what the harness's validation should have caught).
type rejectedError struct{ message string }

func (e *rejectedError) Error() string { return e.message }

func rejected(message string) error { return &rejectedError{message} }

// unsupportedError: the module cannot do this variant of the step: field name of kind unsupported.
type unsupportedError struct{ name, reason string }

func (e *unsupportedError) Error() string { return e.reason }

func unsupported(name, reason string) error { return &unsupportedError{name, reason} }

// A library error is any other error: error@op<i> of class its Go type, and the stage ends.

// op is one step as the case JSON writes it.
type op map[string]any

func (o op) step() string { s, _ := o["op"].(string); return s }

func (o op) optStr(key string) (string, bool) { s, ok := o[key].(string); return s, ok }

func (o op) str(key string) (string, error) {
	if s, ok := o.optStr(key); ok {
		return s, nil
	}
	return "", rejected(key + ": missing or not a string")
}

func (o op) int(key string) (int64, error) {
	if n, ok := o[key].(json.Number); ok {
		if i, err := n.Int64(); err == nil {
			return i, nil
		}
	}
	return 0, rejected(key + ": missing or not an integer")
}

// sketch is the step's slot.
func (o op) sketch() string { s, _ := o.optStr("sketch"); return s }

// out is the name its observations take: "as", else the slot.
func (o op) out() string {
	if s, ok := o.optStr("as"); ok {
		return s
	}
	return o.sketch()
}

// queries are the queries of a query step.
// decimals reads a list of decimals (JSON numbers or their text): a query's ranks or split points.
func (o op) decimals(key string) ([]float64, error) {
	list, _ := o[key].([]any)
	out := make([]float64, 0, len(list))
	for _, v := range list {
		text := fmt.Sprint(v)
		x, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return nil, rejected(fmt.Sprintf("%s: '%s' is not a decimal", key, text))
		}
		out = append(out, x)
	}
	return out, nil
}

func (o op) queries() []string {
	var out []string
	list, _ := o["queries"].([]any)
	for _, q := range list {
		if s, ok := q.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// stageIO is what a step may touch besides its family's slots.
type stageIO struct {
	obs         *observations
	stageImages map[string][]byte
}

// image is a deserialize step's image: one of the stage's (a cross stage's), else a byte field it made.
func (io *stageIO) image(name string) ([]byte, error) {
	if i, ok := io.stageImages[name]; ok {
		return i, nil
	}
	if i, ok := io.obs.images[name]; ok {
		return i, nil
	}
	return nil, &missingImage{name}
}

type missingImage struct{ name string }

func (e *missingImage) Error() string {
	return fmt.Sprintf("image '%s' is neither an image of the stage nor a byte field it produced", e.name)
}

// familyStage is one family's steps on the module; a fresh one per stage. drop lets go of a slot
// no later step names (the stage's "drops").
type familyStage interface {
	step(o op, it *items, io *stageIO) error
	drop(name string)
}

type family struct {
	name string
	// steps of sketches/<family>/<family>_steps.json this engine declares in its hello.
	steps []string
	// lacks: what the module lacks of the declared steps, for people (hello's "lacks").
	lacks    []string
	newStage func() familyStage
}

// slotMakers give their slot a new value, whatever it held.
var slotMakers = []string{"create", "create_theta", "union", "result", "deserialize", "copy", "convert", "intersection", "compact", "a_not_b", "create_union", "get_result", "deserialize_union"}

// slotsRead are the slots whose value a step uses.
func slotsRead(o op) []string {
	var read []string
	step := o.step()
	if slices.Contains([]string{"update", "merge", "serialize", "query", "reset", "jaccard", "estimate"}, step) {
		read = append(read, o.sketch())
	}
	if slices.Contains([]string{"merge", "result", "copy", "convert", "compact", "get_result"}, step) {
		if s, ok := o.optStr("from"); ok {
			read = append(read, s)
		}
	}
	for _, k := range []string{"a", "b", "with"} {
		if s, ok := o.optStr(k); ok {
			read = append(read, s)
		}
	}
	return read
}

// panicked is a library panic, recovered.
type panicked struct{ message, stack string }

func (p *panicked) Error() string { return p.message }

// runStep runs one step; a panic of the module becomes a *panicked error, never a crash.
func runStep(s familyStage, o op, it *items, io *stageIO) (err error) {
	defer func() {
		if r := recover(); r != nil {
			stack := shortStack(string(debug.Stack()))
			fmt.Fprintf(os.Stderr, "dsconform-go-engine: the library panicked: %v\n%s\n", r, stack)
			err = &panicked{fmt.Sprint(r), stack}
		}
	}()
	return s.step(o, it, io)
}

// shortStack keeps a few frames below the panic (people read it; it is never compared).
func shortStack(stack string) string {
	lines := strings.Split(stack, "\n")
	// After "goroutine N", runtime/debug.Stack and the deferred function: from runtime.gopanic on.
	for i, l := range lines {
		if strings.HasPrefix(l, "panic(") || strings.HasPrefix(l, "runtime.gopanic") {
			lines = lines[min(i+2, len(lines)):]
			break
		}
	}
	return strings.Join(lines[:min(len(lines), 10)], "\n")
}

// runStage returns one stage's wire result: {"fields": [...]} or {"rejected": "..."}; an error
// when the request is malformed.
func runStage(stage map[string]any, families []family, payloads [][]byte, outPayloads *[][]byte) (map[string]any, error) {
	familyName, _ := stage["family"].(string)
	fi := slices.IndexFunc(families, func(f family) bool { return f.name == familyName })
	if fi < 0 {
		return map[string]any{"rejected": fmt.Sprintf("family '%s' is not supported by %s", familyName, engineName)}, nil
	}
	fam := families[fi]
	cross, _ := stage["stage"].(string)
	caseID, _ := stage["case"].(string)
	where := "case " + caseID + ": /ops/"
	if cross == "cross" {
		where = "case " + caseID + ": /cross/ops/"
	}
	payload := func(v any) ([]byte, error) {
		i, ok := asUint(v)
		if !ok || i >= uint64(len(payloads)) {
			return nil, fmt.Errorf("a payload index is out of range")
		}
		return payloads[i], nil
	}
	stageImages := map[string][]byte{}
	if images, ok := stage["images"].(map[string]any); ok {
		for name, index := range images {
			p, err := payload(index)
			if err != nil {
				return nil, err
			}
			stageImages[name] = p
		}
	}
	var tapes [][]byte
	if list, ok := stage["tapes"].([]any); ok {
		for _, index := range list {
			p, err := payload(index)
			if err != nil {
				return nil, err
			}
			tapes = append(tapes, p)
		}
	}
	ops, ok := stage["ops"].([]any)
	if !ok {
		return nil, fmt.Errorf("a stage has no \"ops\"")
	}

	firstPayload := len(*outPayloads)
	reject := func(index int, message string) (map[string]any, error) {
		*outPayloads = (*outPayloads)[:firstPayload]
		return map[string]any{"rejected": fmt.Sprintf("%s%d: %s", where, index, message)}, nil
	}
	io := &stageIO{obs: newObservations(outPayloads), stageImages: stageImages}
	state := fam.newStage()
	nextTape := 0
	unusable := map[string]bool{}
	for index, raw := range ops {
		m, ok := raw.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("a step is not an object")
		}
		o := op(m)
		step := o.step()
		var gen string
		var tape []byte
		hasItems := false
		if spec, present := o["items"]; present {
			if nextTape >= len(tapes) {
				return reject(index, "no item tape for this step")
			}
			tape, hasItems = tapes[nextTape], true
			nextTape++
			if s, ok := spec.(map[string]any); ok {
				gen, _ = s["gen"].(string)
			}
		}
		declared := slices.Contains(fam.steps, step)
		var blocked []string
		for _, s := range slotsRead(o) {
			if unusable[s] {
				blocked = append(blocked, s)
			}
		}
		if image, ok := o.optStr("image"); ok && step == "deserialize" {
			_, staged := io.stageImages[image]
			_, made := io.obs.images[image]
			if !staged && !made {
				// Not written because its writer (a slot or "as" of a serialize) was unusable.
				writer := image
				if i := strings.LastIndex(image, "."); i >= 0 {
					writer = image[:i]
				}
				if unusable[writer] {
					blocked = append(blocked, writer)
				}
			}
		}
		if declared && len(blocked) > 0 {
			for _, key := range []string{"sketch", "as"} {
				if out, ok := o.optStr(key); ok && !unusable[out] {
					io.obs.unsupported(out+"."+step,
						fmt.Sprintf("it reads slot '%s', which this engine could not make", blocked[0]))
					unusable[out] = true
				}
			}
			continue
		}
		if !declared {
			return reject(index, fmt.Sprintf("'%s' is not a %s step", step, familyName))
		}
		var it *items
		var err error
		if hasItems {
			it, err = decodeTape(gen, tape)
		}
		if err == nil {
			err = runStep(state, o, it, io)
		}
		if err == nil {
			if slices.Contains(slotMakers, step) {
				delete(unusable, o.sketch())
			}
			for _, name := range dropsAfter(stage, index) {
				state.drop(name)
			}
			continue
		}
		name := fmt.Sprintf("error@op%d", index)
		switch e := err.(type) {
		case *rejectedError:
			return reject(index, e.message)
		case *unsupportedError:
			io.obs.unsupported(e.name, e.reason)
			unusable[o.sketch()] = true
			continue
		case *panicked:
			io.obs.error(name, "panic", e.message, e.stack)
		case *missingImage:
			io.obs.error(name, "dsconform.MissingImage", e.Error(), "")
		default:
			io.obs.error(name, fmt.Sprintf("%T", err), err.Error(), "")
		}
		break
	}
	return map[string]any{"fields": io.obs.fields}, nil
}

// dropsAfter are the slots the harness says no step after ops[index] names (the stage's optional
// "drops": one list per step).
func dropsAfter(stage map[string]any, index int) []string {
	lists, _ := stage["drops"].([]any)
	if index >= len(lists) {
		return nil
	}
	list, _ := lists[index].([]any)
	names := make([]string, 0, len(list))
	for _, n := range list {
		if name, ok := n.(string); ok {
			names = append(names, name)
		}
	}
	return names
}

// slotIn is the value of the slot `name`, or the step's rejection when there is none.
func slotIn[T any](slots map[string]T, name string) (T, error) {
	if v, ok := slots[name]; ok {
		return v, nil
	}
	var none T
	return none, rejected(fmt.Sprintf("slot '%s' does not exist", name))
}

// slotAs is the slot `name` as a T, or the step's rejection (`kind` names T: "a sketch").
func slotAs[T any](slots map[string]any, name, kind string) (T, error) {
	var none T
	v, err := slotIn(slots, name)
	if err != nil {
		return none, err
	}
	if t, ok := v.(T); ok {
		return t, nil
	}
	return none, rejected(fmt.Sprintf("slot '%s' is not %s", name, kind))
}
