package main

// Frames of docs/engine-protocol.md: a u32 little-endian header length, the JSON header, then the
// payloads the header's "payloads" announces, back to back.

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// The protocol's limits (a batch's results are one header; text read as a length is >= 512 MiB).
const (
	maxHeaderBytes  = 256 << 20
	maxPayloadBytes = 1 << 32
)

type frame struct {
	header   map[string]any
	payloads [][]byte
}

// readFrame returns the next frame, or nil at the end of input between frames.
func readFrame(in io.Reader) (*frame, error) {
	var prefix [4]byte
	if n, err := io.ReadFull(in, prefix[:]); err != nil {
		if n == 0 && errors.Is(err, io.EOF) {
			return nil, nil
		}
		return nil, fmt.Errorf("input ended inside a frame")
	}
	length := binary.LittleEndian.Uint32(prefix[:])
	if length == 0 || length > maxHeaderBytes {
		return nil, fmt.Errorf("header length %d is out of range", length)
	}
	text := make([]byte, length)
	if _, err := io.ReadFull(in, text); err != nil {
		return nil, fmt.Errorf("input ended inside a frame")
	}
	// Numbers stay json.Number: 64-bit integers are read exactly.
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var header any
	if err := dec.Decode(&header); err != nil {
		return nil, fmt.Errorf("the header is not JSON: %v", err)
	}
	h, ok := header.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the header is not an object")
	}
	if _, ok := h["type"].(string); !ok {
		return nil, fmt.Errorf("the header has no string member \"type\"")
	}
	var sizes []uint64
	if p, present := h["payloads"]; present {
		list, ok := p.([]any)
		if !ok {
			return nil, fmt.Errorf("\"payloads\" must be a list of sizes")
		}
		var total uint64
		for _, s := range list {
			n, ok := asUint(s)
			if !ok {
				return nil, fmt.Errorf("\"payloads\" must be a list of sizes")
			}
			total += n
			sizes = append(sizes, n)
		}
		if total > maxPayloadBytes {
			return nil, fmt.Errorf("the payloads exceed the limit")
		}
	}
	f := &frame{header: h}
	for _, size := range sizes {
		p := make([]byte, size)
		if _, err := io.ReadFull(in, p); err != nil {
			return nil, fmt.Errorf("input ended inside a frame")
		}
		f.payloads = append(f.payloads, p)
	}
	return f, nil
}

func asUint(v any) (uint64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	var u uint64
	_, err := fmt.Sscan(n.String(), &u)
	return u, err == nil
}

func writeFrame(out io.Writer, header map[string]any, payloads [][]byte) error {
	sizes := make([]int, len(payloads))
	for i, p := range payloads {
		sizes[i] = len(p)
	}
	header["payloads"] = sizes
	text, err := json.Marshal(header)
	if err != nil {
		return err
	}
	var prefix [4]byte
	binary.LittleEndian.PutUint32(prefix[:], uint32(len(text)))
	for _, b := range append([][]byte{prefix[:], text}, payloads...) {
		if _, err := out.Write(b); err != nil {
			return err
		}
	}
	return nil
}
