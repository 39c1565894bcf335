package main

// Item tapes (docs/engine-protocol.md, "run"): what each generator puts on the tape, decoded into
// the values the module's update methods take.

import (
	"encoding/binary"
	"fmt"
	"math"
)

type itemKind int

const (
	longItems itemKind = iota
	doubleItems
	stringItems // UTF-8 as the tape carries it (bytes that may not be valid UTF-8)
	byteArrayItems
)

// items are the items of one update step.
type items struct {
	kind    itemKind
	longs   []int64
	doubles []float64
	bytes   [][]byte // strings and byte arrays
}

func fixed8(tape []byte) ([]uint64, error) {
	if len(tape)%8 != 0 {
		return nil, rejected("the item tape ends inside an item")
	}
	out := make([]uint64, len(tape)/8)
	for i := range out {
		out[i] = binary.LittleEndian.Uint64(tape[8*i:])
	}
	return out, nil
}

func lengthPrefixed(tape []byte) ([][]byte, error) {
	var out [][]byte
	for len(tape) > 0 {
		if len(tape) < 4 {
			return nil, rejected("the item tape ends inside an item")
		}
		n := uint64(binary.LittleEndian.Uint32(tape))
		tape = tape[4:]
		if uint64(len(tape)) < n {
			return nil, rejected("the item tape ends inside an item")
		}
		out = append(out, tape[:n])
		tape = tape[n:]
	}
	return out, nil
}

// decodeTape decodes the tape of a step whose items come from generator gen.
func decodeTape(gen string, tape []byte) (*items, error) {
	switch gen {
	case "sequence", "splitmix64", "ordered_longs":
		words, err := fixed8(tape)
		if err != nil {
			return nil, err
		}
		it := &items{kind: longItems, longs: make([]int64, len(words))}
		for i, w := range words {
			it.longs[i] = int64(w)
		}
		return it, nil
	case "doubles", "ordered_doubles":
		words, err := fixed8(tape)
		if err != nil {
			return nil, err
		}
		it := &items{kind: doubleItems, doubles: make([]float64, len(words))}
		for i, w := range words {
			it.doubles[i] = math.Float64frombits(w)
		}
		return it, nil
	case "ascii_strings", "utf8_strings", "ordered_strings", "ascii_or_empty":
		b, err := lengthPrefixed(tape)
		return &items{kind: stringItems, bytes: b}, err
	case "byte_arrays":
		b, err := lengthPrefixed(tape)
		return &items{kind: byteArrayItems, bytes: b}, err
	}
	return nil, rejected(fmt.Sprintf("items: unknown generator '%s'", gen))
}
