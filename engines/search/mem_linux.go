// This file maps table memory on Linux: anonymous, unreserved until touched,
// in huge pages where the kernel has them (a big table then costs a page
// fault per 2 MiB instead of per 4 KiB).

package search

import "syscall"

// madvHugePage is MADV_HUGEPAGE, which package syscall does not name.
const madvHugePage = 14

// mapMemory returns size bytes of fresh zero memory, nil if the kernel
// refuses (the caller then uses the Go heap).
func mapMemory(size int) []byte {
	b, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		return nil
	}
	// Only a hint: without transparent huge pages the table works the same.
	_ = syscall.Madvise(b, madvHugePage)
	return b
}

func unmapMemory(b []byte) { _ = syscall.Munmap(b) }
