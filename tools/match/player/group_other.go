//go:build !unix

// This file holds how an engine is killed where there are no process groups.

package player

import (
	"os"
	"os/exec"
)

func setGroup(*exec.Cmd) {}

func killGroup(p *os.Process) { _ = p.Kill() }
