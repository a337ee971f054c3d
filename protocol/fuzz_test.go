// Fuzz tests of the command parsers: no input makes qi panic or hang or
// breaks a property of checkSession, and a position command that fails
// leaves the position as it was.

package protocol

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"qi/engines/catalog"
)

func fuzzConfig() Config {
	return Config{Registry: catalog.New(), Name: "qi", Version: "fuzz", Author: "fuzz", DefaultGame: "tictactoe"}
}

func runString(t *testing.T, input string) string {
	var out bytes.Buffer
	// An error is fine (input a dialect refuses); a panic or a hang is not.
	_ = Run(context.Background(), strings.NewReader(input), &out, fuzzConfig())
	return out.String()
}

func FuzzCommands(f *testing.F) {
	for _, seed := range []string{
		"ugi\nisready\nquit\n",
		"uci\nsetoption name UCI_Variant value tictactoe\nposition fen 3/3/3[PPPPPpppp] w - - 0 1 moves P@b2\ngo depth 2\n",
		"setoption name Game value niujiao\nposition startpos moves 01 86\ngo depth 4\nd\n",
		"position fen x.o/.x./... o moves c1\nperft 3\nundo\nmoves\nquery result\n",
		"setoption name  value \nsetoption name Level value 99999999999999999999\ngo depth -5 nodes -1 movetime -3\n",
		"go wtime 10 btime -10 winc 1 binc 2 movestogo 0\nstop\n",
		"position startpos moves moves moves\nposition fen moves\nposition fen  \t \n",
		"\x00\xff\r\n#'\"\\\n\"unclosed\n'quote\nperft 99\n",
		"setoption name Game value tictactoe\nposition fen 10/3/3 w\nposition fen P/P/P[ w\n",
		"setoption name Game value gomoku\nsetoption name Rule value renju\nposition startpos moves h8 h9 P@i8\nforbidden\ngo depth 1\nd\n",
		"setoption name Game value gomoku\nsetoption name BoardSize value 5\nposition fen 5/5/2x2/5/5 o\ngo nodes 50\n",
		"setoption name Game value othello\nposition fen -OX----------------------------------------------------------- O moves PA\ngo depth 2\nmoves\n",
		"setoption name Game value othello\nsetoption name BoardSize value 6\nposition startpos moves c2 pass 0000\nperft 2\n",
		"setoption name MultiPV value 3\nposition startpos moves a1\ngo depth 3\nsetoption name MultiPV value 0\ngo depth 2 searchmoves b2 b2 c3 zz\n",
		"go infinite searchmoves a1 b1\nisready\nstop\ngo searchmoves\ngo depth 1 searchmoves 0000 searchmoves a2\n",
		"setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 700\nsetoption name UCI_ShowWDL value true\ngo depth 3\nsetoption name UCI_Elo value -1\n",
		"setoption name RandomMover value true\nsetoption name Seed value 5\ngo depth 2\nsetoption name RandomMover value maybe\ngo nodes 10\n",
	} {
		f.Add(seed)
	}
	warmUp(f)
	f.Fuzz(checkSession)
}

// FuzzPosition checks that a bad position command changes nothing.
func FuzzPosition(f *testing.F) {
	for _, seed := range []string{"startpos moves a1", "fen x.o/.x./... o", "fen 3/3/3 w moves P@a1 b2", "fen", "startpos moves a1 a1",
		"fen xxx/ooo/... x", "startpos moves z9", "fen 1P1/3/3[PPPPpppp] b - - 0 1 moves a1"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, args string) {
		if strings.ContainsAny(args, "\r\n") {
			return
		}
		base := "position startpos moves b2 a1\n"
		want := runString(t, base+"d\n")
		got := runString(t, base+"position "+args+"\nd\n")
		if strings.HasPrefix(got, "info string error: ") {
			got = got[strings.IndexByte(got, '\n')+1:]
			require.Equal(t, want, got, "a failed position command changed the position")
		}
	})
}

// FuzzGomocup feeds the Gomocup dialect arbitrary lines after a START.
func FuzzGomocup(f *testing.F) {
	for _, seed := range []string{
		"INFO max_node 500\nBEGIN\nTURN 8,8\nTAKEBACK 8,8\nRESTART\n",
		"INFO rule 4\nBOARD\n7,7,1\n8,8,2\nDONE\nYXSHOWFORBID\nEND\n",
		"SWAP2BOARD\nDONE\nSWAP2BOARD\n1,1,1\n2,2,2\n3,3,1\nDONE\n",
		"YXBOARD\n-1,0,1\n99999999999999999999,1,2\nDONE\nPLAY 3,3\nYXSTOP\n",
		"RECTSTART 5,22\nTURN 4,21\nINFO time_left -5\nINFO timeout_turn 0\nTURN 0,0\n",
		"INFO max_memory 1\nINFO hash_size 99999999\nTURN ,\nTAKEBACK a,b\nBOARD\n1,1\nDONE\nDONE\n",
		"YXSHOWINFO\nINFO show_detail 3\nYXBOARD\n7,7,1\n8,8,2\nDONE\nYXNBEST 3\nYXBLOCK\n7,8\n-1,2\nDONE\nYXNBEST 0\nYXBLOCKUNDO\n7,8\nDONE\nYXBLOCKRESET\n",
		"INFO pondering 1\nBEGIN\nTURN 1,1\nYXBALANCEONE 50\nYXBALANCETWO -9999999999\nYXSEARCHDEFEND\nYXSTOP\nINFO caution_factor 9\n",
		"INFO elo 1200\nBEGIN\nINFO elo -5\nINFO elo x\nTURN 3,3\n",
		"YXQUERYDATABASEALL\n7,7\n7,7\nDONE\nYXQUERYDATABASEONE\nDONE\nYXQUERYDATABASETEXT\nx\nDONE\nYXQUERYDATABASEALLT\nYXFOO\nEND\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		checkSession(t, "START 15\nINFO max_node 300\n"+input)
	})
}

// FuzzNBoard feeds the NBoard dialect arbitrary lines.
func FuzzNBoard(f *testing.F) {
	for _, seed := range []string{
		"set depth 1\nset game (;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6];)\ngo\nping 1\n",
		"set game (;GM[Othello]TY[10]BO[10 --------------------------------------------O*--------*O-------------------------------------------- *];)\nhint 2\nping 2\nmove pa\n",
		"move F5/1.0/2\nmove PA\nmove f5\nanalyze\nlearn\nset contempt 3\nset\nset depth\nhint\nhint -1\n",
		"set game (;BO[8 ",
		"set game (;GM[Othello]BO[4 -OX--XO---------- *]W[A1];)\ngo\n",
		"set elo 900\ngo\nset elo -3\nset elo x\nset elo 0\nhint 2\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		checkSession(t, "nboard 2\nset depth 1\n"+input)
	})
}
