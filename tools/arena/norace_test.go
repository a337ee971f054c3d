//go:build !race

package arena

// raceBuild says the tests run under the race detector.
const raceBuild = false
