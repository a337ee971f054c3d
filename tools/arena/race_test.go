//go:build race

package arena

// raceBuild says the tests run under the race detector, whose engines are
// ten times slower: the big boards play fewer and shallower games there.
const raceBuild = true
