// Package search holds what the games' searches share: the time manager and
// the stop flag they poll, the iterative deepening driver, the transposition
// table and the memory its big tables live in, and a generic alpha-beta
// searcher over the Position interface (the small games' search and the
// baseline the stronger ones are measured against). A game with a search of
// its own (gomoku, othello) takes these parts and keeps its hot path to
// itself.
package search
