package main

// Observations of one stage as the protocol writes them (docs/engine-protocol.md, "result").

import (
	"fmt"
	"math"
)

type observations struct {
	fields []map[string]any
	// payloads are the answer's, shared by every stage of the request.
	payloads *[][]byte
	// images are this stage's byte fields, for its deserialize steps.
	images map[string][]byte
}

func newObservations(payloads *[][]byte) *observations {
	// fields starts empty, not nil: a stage that observed nothing still answers "fields": [].
	return &observations{fields: []map[string]any{}, payloads: payloads, images: map[string][]byte{}}
}

func (o *observations) add(name, kind string, members map[string]any) {
	members["name"] = name
	members["kind"] = kind
	o.fields = append(o.fields, members)
}

func (o *observations) double(name string, x float64) {
	o.add(name, "double", map[string]any{"bits": fmt.Sprintf("%016x", math.Float64bits(x))})
}

func (o *observations) int(name string, x int64) { o.add(name, "int", map[string]any{"value": x}) }

func (o *observations) bool(name string, x bool) { o.add(name, "bool", map[string]any{"value": x}) }

func (o *observations) string(name, x string) { o.add(name, "string", map[string]any{"text": x}) }

func (o *observations) bytes(name string, data []byte) {
	o.add(name, "bytes", map[string]any{"payload": len(*o.payloads)})
	o.images[name] = data
	*o.payloads = append(*o.payloads, data)
}

func (o *observations) error(name, class, message, stack string) {
	m := map[string]any{"class": class, "message": message}
	if stack != "" {
		m["stack"] = stack
	}
	o.add(name, "error", m)
}

func (o *observations) unsupported(name, reason string) {
	o.add(name, "unsupported", map[string]any{"text": reason})
}
