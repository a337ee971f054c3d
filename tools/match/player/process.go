// This file holds the engine process: started with pipes of its own, read
// line by line by one goroutine, written with a deadline, and killed with
// its whole process group.

package player

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// maxLine bounds a line an engine may send; a longer one ends the
// conversation (no protocol has lines that long).
const maxLine = 1 << 20

// writeTimeout bounds one write to an engine: only an engine that stopped
// reading its input with the pipe full makes a write wait.
const writeTimeout = 5 * time.Second

// exitGrace is how long an engine that was told to quit may take.
const exitGrace = time.Second

// stderrLines is how many of the last lines an engine wrote on its standard
// error are kept, to say why it died.
const stderrLines = 5

// process is a running engine.
type process struct {
	name  string
	cmd   *exec.Cmd
	stdin *os.File
	lines chan string
	log   func(dir byte, line string)

	exited  chan struct{} // closed when the process has been waited for
	waitErr error
	done    chan struct{} // closed by kill: the readers stop
	errDone chan struct{} // closed when the standard error is read to its end

	mu      sync.Mutex
	killed  bool
	errTail []string
}

// errTimeout is what receive returns at its deadline.
var errTimeout = errors.New("deadline passed")

// startProcess starts spec's command.
func startProcess(spec Spec) (*process, error) {
	if spec.Cmd == "" {
		return nil, errors.New("no command")
	}
	cmd := exec.Command(spec.Cmd, spec.Args...)
	cmd.Dir = spec.Dir
	cmd.Env = append(os.Environ(), spec.Env...)
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		for _, f := range []*os.File{inR, inW, outR, outW} {
			f.Close()
		}
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	setGroup(cmd)
	err = cmd.Start()
	// The child has its ends now (or failed to start): ours go.
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return nil, err
	}
	p := &process{
		name: spec.Name, cmd: cmd, stdin: inW, lines: make(chan string, 1024), log: spec.Log,
		exited: make(chan struct{}), done: make(chan struct{}), errDone: make(chan struct{}),
	}
	go p.readLines(outR)
	go p.readStderr(errR)
	go func() {
		p.waitErr = cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

func (p *process) logf(dir byte, line string) {
	if p.log != nil {
		p.log(dir, line)
	}
}

// readLines sends each line of the engine's output, without its line ending,
// until EOF or kill; then it closes the channel.
func (p *process) readLines(r io.ReadCloser) {
	defer r.Close()
	defer close(p.lines)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxLine)
	for sc.Scan() {
		select {
		case p.lines <- strings.TrimRight(sc.Text(), "\r"):
		case <-p.done:
			return
		}
	}
}

// readStderr keeps the last lines of the engine's standard error and logs
// them all.
func (p *process) readStderr(r io.ReadCloser) {
	defer close(p.errDone)
	defer r.Close()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxLine)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		p.logf('!', line)
		p.mu.Lock()
		p.errTail = append(p.errTail, line)
		if len(p.errTail) > stderrLines {
			p.errTail = p.errTail[1:]
		}
		p.mu.Unlock()
	}
}

// send writes one line to the engine.
func (p *process) send(line string) error {
	p.logf('<', line)
	if err := p.stdin.SetWriteDeadline(time.Now().Add(writeTimeout)); err != nil {
		return p.exitFault()
	}
	if _, err := io.WriteString(p.stdin, line+"\n"); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return &Fault{Kind: Stalled, Msg: "does not read its input"}
		}
		return p.exitFault()
	}
	return nil
}

// receive returns the next line the engine sends, errTimeout at the
// deadline, a Fault when the engine is gone, or the context's error.
func (p *process) receive(ctx context.Context, deadline time.Time) (string, error) {
	// A line that is already there counts, whatever the clock says now.
	select {
	case line, ok := <-p.lines:
		return p.got(line, ok)
	default:
	}
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case line, ok := <-p.lines:
		return p.got(line, ok)
	case <-timer.C:
		return "", errTimeout
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func (p *process) got(line string, ok bool) (string, error) {
	if !ok {
		return "", p.exitFault()
	}
	p.logf('>', line)
	return line, nil
}

// exitFault describes the end of an engine: its exit status and the last
// line of its standard error.
func (p *process) exitFault() *Fault {
	select {
	case <-p.exited:
	case <-time.After(exitGrace):
		// The output closed but the process lives on: it is stuck.
		p.kill()
		<-p.exited
	}
	p.mu.Lock()
	killed := p.killed
	p.mu.Unlock()
	// Whatever the engine left behind goes too, so that its standard error
	// closes and its last words, which say most about a death, can be read
	// to the end; the bound is for a process that escaped the group.
	p.kill()
	select {
	case <-p.errDone:
	case <-time.After(writeTimeout):
	}
	p.mu.Lock()
	tail := append([]string(nil), p.errTail...)
	p.mu.Unlock()
	// The exit status tells what happened, whoever noticed first: an
	// engine that exited by itself before a kill reached it exited.
	msg := "exited"
	switch st := p.cmd.ProcessState; {
	case p.waitErr == nil:
	case killed && (st == nil || !st.Exited()):
		msg = "was killed"
	default:
		msg = "exited: " + p.waitErr.Error()
	}
	if len(tail) > 0 {
		msg += fmt.Sprintf(" (stderr: %s)", tail[len(tail)-1])
	}
	return &Fault{Kind: Exited, Msg: msg}
}

// kill ends the process and everything it started, at once.
func (p *process) kill() {
	p.mu.Lock()
	if p.killed {
		p.mu.Unlock()
		return
	}
	p.killed = true
	p.mu.Unlock()
	killGroup(p.cmd.Process)
	close(p.done)
	p.stdin.Close()
}

// quit sends the protocol's quit command (if any), waits a moment for the
// engine to go and kills it if it does not.
func (p *process) quit(cmd string) {
	if cmd != "" {
		_ = p.send(cmd)
	}
	select {
	case <-p.exited:
	case <-time.After(exitGrace):
	}
	p.kill()
	<-p.exited
}

// alive reports whether the process runs and has not been killed.
func (p *process) alive() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.killed {
		return false
	}
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}
