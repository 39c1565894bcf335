// Command dsconform-go-engine is go@<version>: the module github.com/apache/datasketches-go as a
// dsconform engine, out of process. It speaks docs/engine-protocol.md on stdin/stdout. This file
// is the runtime's loop (hello, run, bye); the walk over a stage is stage.go, each family's steps
// <family>.go (Tuple's summaries and summary kinds beside it: tuple_summary.go, tuple_kind.go,
// tuple_aod.go).
//
// engines/go/CMakeLists.txt builds one program per module version (or source tree) and names it
// at link time (-X main.engineName=go@<label>).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"syscall"
)

const protocolVersion = 1

// engineName is set by the build: -ldflags "-X main.engineName=go@<label>".
var engineName = "go@unknown"

// families are every family this build of the engine executes.
func families() []family {
	return []family{hllFamily(), thetaFamily(), cpcFamily(), fiFamily(), kllFamily(), tupleFamily(), tdigestFamily(), countminFamily(), bloomFamily(), varoptFamily(), reservoirFamily(), reqFamily()}
}

func hello(families []family) map[string]any {
	steps := map[string]any{}
	lacks := map[string]any{}
	for _, f := range families {
		steps[f.name] = f.steps
		if len(f.lacks) > 0 {
			lacks[f.name] = f.lacks
		}
	}
	return map[string]any{"type": "hello", "protocol": protocolVersion, "engine": engineName, "families": steps, "lacks": lacks}
}

func errorMessage(message string) map[string]any {
	return map[string]any{"type": "error", "message": message}
}

// serve answers requests until bye or end of input; it returns the process's exit status.
func serve(in io.Reader, out *bufio.Writer, families []family) (int, error) {
	for {
		f, err := readFrame(in)
		if err != nil {
			return 2, writeAndFlush(out, errorMessage("protocol error: "+err.Error()), nil)
		}
		if f == nil {
			return 0, nil
		}
		switch t := f.header["type"].(string); t {
		case "hello":
			if v, ok := asUint(f.header["protocol"]); !ok || v != protocolVersion {
				asked, _ := json.Marshal(f.header["protocol"])
				m := fmt.Sprintf("protocol version %s is not supported; this engine speaks %d", asked, protocolVersion)
				return 2, writeAndFlush(out, errorMessage(m), nil)
			}
			if err := writeAndFlush(out, hello(families), nil); err != nil {
				return 3, err
			}
		case "run":
			answer, payloads, err := run(f, families)
			if err != nil {
				m := fmt.Sprintf("protocol error: malformed run request (%v)", err)
				return 2, writeAndFlush(out, errorMessage(m), nil)
			}
			if err := writeAndFlush(out, answer, payloads); err != nil {
				return 3, err
			}
		case "bye":
			return 0, nil
		case "error":
			return 2, nil
		default:
			m := fmt.Sprintf("protocol error: unknown message type '%s'", t)
			return 2, writeAndFlush(out, errorMessage(m), nil)
		}
	}
}

func run(f *frame, families []family) (map[string]any, [][]byte, error) {
	list, ok := f.header["stages"].([]any)
	if !ok {
		return nil, nil, fmt.Errorf("no \"stages\"")
	}
	var payloads [][]byte
	stages := make([]any, 0, len(list))
	for _, s := range list {
		stage, ok := s.(map[string]any)
		if !ok {
			return nil, nil, fmt.Errorf("a stage is not an object")
		}
		result, err := runStage(stage, families, f.payloads, &payloads)
		if err != nil {
			return nil, nil, err
		}
		stages = append(stages, result)
	}
	return map[string]any{"type": "result", "id": f.header["id"], "stages": stages}, payloads, nil
}

func writeAndFlush(out *bufio.Writer, header map[string]any, payloads [][]byte) error {
	if err := writeFrame(out, header, payloads); err != nil {
		return err
	}
	return out.Flush()
}

// protocolOutput is the protocol on a duplicate of fd 1, fd 1 pointed at stderr: a stray print
// cannot corrupt it.
func protocolOutput() (*os.File, error) {
	fd, err := syscall.Dup(1)
	if err != nil {
		return nil, err
	}
	if err := syscall.Dup3(2, 1, 0); err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), "protocol"), nil
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "--hello" {
		// For people (dsconform-engine --hello does the same).
		text, _ := json.Marshal(hello(families()))
		fmt.Println(string(text))
		return
	}
	protocol, err := protocolOutput()
	status := 3
	if err == nil {
		status, err = serve(bufio.NewReaderSize(os.Stdin, 1<<20), bufio.NewWriterSize(protocol, 1<<20), families())
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "dsconform-go-engine: %v\n", err)
		if status == 0 {
			status = 3
		}
	}
	os.Exit(status)
}
