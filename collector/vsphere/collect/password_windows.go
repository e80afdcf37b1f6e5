//go:build windows

package collect

import (
	"os"
	"syscall"
	"unsafe"
)

var (
	kernel32       = syscall.NewLazyDLL("kernel32.dll")
	getConsoleMode = kernel32.NewProc("GetConsoleMode")
	setConsoleMode = kernel32.NewProc("SetConsoleMode")
)

const enableEchoInput = 0x0004

// echo turns the console's echo on or off.
func echo(on bool) {
	h := os.Stdin.Fd()
	var mode uint32
	if r, _, _ := getConsoleMode.Call(h, uintptr(unsafe.Pointer(&mode))); r == 0 {
		return
	}
	if on {
		mode |= enableEchoInput
	} else {
		mode &^= enableEchoInput
	}
	_, _, _ = setConsoleMode.Call(h, uintptr(mode))
}
