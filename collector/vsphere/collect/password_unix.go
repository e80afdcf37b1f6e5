//go:build !windows

package collect

import (
	"os"
	"os/exec"
)

// echo turns the terminal's echo on or off (stty on the terminal of stdin).
func echo(on bool) {
	arg := "-echo"
	if on {
		arg = "echo"
	}
	cmd := exec.Command("stty", arg)
	cmd.Stdin = os.Stdin
	_ = cmd.Run()
}
