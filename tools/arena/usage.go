// This file holds the usage text of `qi arena`.

package arena

import "qi/tools/shard"

const usage = `usage: qi arena [options] -engine <engine> -engine <engine> [-engine ...]

Plays engines against each other with qi's rules as the referee: every move
is checked, clocks are kept, and an engine that plays an illegal move, sends
garbage, dies or stops answering loses the game (the watchdog kills it).

Game:
  -game <name>          tictactoe (default), niujiao, or any game or variant
                        qi knows (gomoku, renju, gomokufreestyle, othello ...)
  -size <n>             board size, for games with a choice
  -rule <rule>          rule set, for games with a choice

Engines (each option is a list of key=value words):
  -engine name=<n> cmd=<program> [args="<a> <b>"] [arg=<a>] [dir=<d>]
          proto=ugi|uci|gomocup|nboard [option.<Name>=<value> ...] [env.<VAR>=<v>]
          [tc=...] [st=...] [depth=...] [nodes=...] [timemargin=<ms>]
          [timeout=<s>] [movetimeout=<s>] [restart=on|off]
  -each <key=value ...>  settings for every engine (an engine's own win)
      cmd defaults to this qi binary; proto to ugi.
      option.X: setoption for UGI/UCI, INFO X for Gomocup, set X for NBoard.
      tc=[moves/]time[+inc]  a clock, times in seconds or m:ss (40/60+0.6, 10+0.1)
      st=<s>                 a fixed time per move
      depth=<n>, nodes=<n>   fixed depth or nodes per move
      timemargin=<ms>        how far a move may overstep its time (default 100)
      timeout=<s>            the watchdog for handshakes and syncs (default 10)
      movetimeout=<s>        the watchdog for moves no clock bounds (default 60)
      restart=on             a fresh engine process for every game

Match:
  -games <n>            games of each pairing per round (default 2)
  -rounds <n>           rounds (default 1)
  -tournament round-robin|gauntlet
                        with more than two engines: every pair, or the first
                        engine against each other one (also -gauntlet)
  -concurrency <n>      games played at once (default 1)
  -openings file=<path> [format=auto|moves|packed|text|offset] [order=sequential|random] [start=<n>]
  -openings gen=<plies> [depth=<n>] [margin=<score>]
                        start from openings: a file, one a line (moves, moves
                        without spaces as in the XOT lists, position texts with
                        optional "moves ...", or Piskvork's dx,dy offsets), or
                        random openings of <plies> moves that qi's search at
                        <depth> (default 4) scores within <margin> (default 100)
  -norepeat             play each opening once (default: twice, colours swapped)
  -maxmoves <n>         adjudicate a draw after n moves (0: never; default:
                        the game's own, 200 for renju, none otherwise)
  -sprt elo0=<e> elo1=<e> [alpha=0.05] [beta=0.05] [model=logistic|normalized] [penta=on]
                        stop when the SPRT decides (two engines)
  -seed <n>             seed of generated and shuffled openings

Output:
  -pgnout <file>        append the games as PGN
  -sgfout <file>        append the games as SGF (games on a grid: gomoku)
  -ggfout <file>        append the games as GGF (othello)
  -log <file>           append every line sent to and from the engines
  -ratinginterval <n>   print the results every n games (default 10; 0: at the end)
  -progress auto|bar|lines|off
                        progress on stderr: a bar on a terminal, lines otherwise
  -quiet                no line per finished game
  -event <name>         the Event of the records
  -book-learn <book>    append the games that ended normally or by
                        adjudication to the opening book's game log
                        (<book>.logs/; the opening's moves are marked), which
                        qi book build -book <book> learns; the book itself is
                        never written here, and need not exist yet
  -config <file>        read more options from a file (shell words, # comments)

` + shard.Usage + `  A match's items are its openings, each played in every pairing (with both
  colours unless -norepeat). Shards play all their items (no SPRT stop) and
  write their games as PGN (and SGF, GGF when asked), whatever the paths,
  and with -book-learn as a game log (.log) instead of the book's;
  qi merge <dir> sums them and says whether an SPRT stops or goes on; copy
  its merged.log into <book>.logs/ (a run of -shards N here does that).

qi arena rate [-anchor <name>[=<elo>]] [-same ...] [-order ...] [file ...]
  fits one rating list to the outputs of many matches (qi arena rate -h).
`
