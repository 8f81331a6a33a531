#!/usr/bin/env bash
# Memoised exact-cover counting (wellposed_xc::memo, `count --method dlx-memo`) against plain
# dancing links (and dlx-rs where the problem has no colours), same problems, same run:
# n-queens and pentomino rectangles (bundled), domino tilings (generated), and edge-matching
# boards (the witch puzzle and random 5×5 and 6×6 boards, exported to .dlx with colours).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p wellposed-bench
cargo build --release -q
dir=$(mktemp -d)
./target/release/wellposed-bench gen-memo "$dir" >/dev/null
python3 - "$dir" <<'PY'
import random, sys
random.seed(2026)
def board(h, w, labels):
    H = [[random.randint(1, labels) for _ in range(w)] for _ in range(h)]
    V = [[random.randint(1, labels) for _ in range(w)] for _ in range(h)]
    pieces = []
    for r in range(h):
        for c in range(w):
            p = [V[r-1][c] if r else 0, H[r][c] if c+1 < w else 0,
                 V[r][c] if r+1 < h else 0, H[r][c-1] if c else 0]
            k = random.randint(0, 3)
            pieces.append(p[k:] + p[:k])
    random.shuffle(pieces)
    return f"{h} {w}\n" + "\n".join(" ".join(map(str, p)) for p in pieces) + "\n"
for name, (h, w, labels) in {"edges-5x5-l3": (5, 5, 3), "edges-6x6-l3": (6, 6, 3), "edges-6x6-l2": (6, 6, 2)}.items():
    open(f"{sys.argv[1]}/{name}.txt", "w").write(board(h, w, labels))
PY
for b in encodings/edges/witch-3x3.txt "$dir"/edges-*.txt; do
  ./target/release/wellposed export --family edges --format dlx "$b" > "$dir/$(basename "$b" .txt).dlx"
done
./target/release/wellposed-bench memo encodings/raw/queens8.dlx encodings/raw/queens12.dlx \
  encodings/raw/pentomino-3x20.dlx encodings/raw/pentomino-5x12.dlx \
  "$dir"/domino-*.dlx "$dir"/witch-3x3.dlx "$dir"/edges-*.dlx
rm -rf "$dir"
