//go:build unix

// This file holds how an engine and the processes it starts are killed
// together on Unix: the engine leads a process group of its own.

package player

import (
	"os"
	"os/exec"
	"syscall"
)

func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func killGroup(p *os.Process) {
	_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
	_ = p.Kill()
}
