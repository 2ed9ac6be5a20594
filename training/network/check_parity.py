#!/usr/bin/env python3
"""Checks that the engine's C++ forward pass computes what PyTorch computes.

  training/network/check_parity.py --network network.bin --moves held-out.moves \
      --othello-train build/bin/othello-train [--positions 1000] [--tolerance 1e-4]

Takes the first --positions positions of a move-sample file, has othello-train write the
network's logits for them with each kernel (AVX2 where the CPU has it, and the portable one),
and compares each with PyTorch's logits of the same file: every logit within --tolerance, and
the same best legal move. Exits 1 on any difference, printing the worst.
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import network_model as nm  # noqa: E402


def main(argv=None):
    a = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    a.add_argument('--network', required=True)
    a.add_argument('--moves', required=True, help='a move-sample file (othello-train --export-moves)')
    a.add_argument('--othello-train', default='build/bin/othello-train')
    a.add_argument('--positions', type=int, default=1000)
    a.add_argument('--tolerance', type=float, default=1e-4)
    args = a.parse_args(argv)

    with open(args.network, 'rb') as f:
        model = nm.parse(f.read(), args.network)
    records = np.array(nm.read_moves(args.moves)[:args.positions])
    with torch.no_grad():
        planes = nm.input_planes(nm.as_int64(records['player']), nm.as_int64(records['opponent']),
                                 nm.as_int64(records['legal']))
        expected = model(planes)
        expected_best = nm.masked_logits(expected, planes[:, 2]).argmax(1)
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        subset = os.path.join(tmp, 'positions.moves')
        with open(subset, 'wb') as f:
            f.write(nm.MOVES_MAGIC + np.array([1, nm.MOVE_RECORD.itemsize], '<u4').tobytes())
            f.write(records.tobytes())
        for kernel in ('avx2', 'portable'):
            out = os.path.join(tmp, kernel + '.logits')
            ran = subprocess.run([args.othello_train, '--network-logits', args.network, '--moves',
                                  subset, '--output', out, '--kernel', kernel], check=True,
                                 stdout=subprocess.PIPE, text=True)
            used = 'avx2' if '(avx2 kernel)' in ran.stdout else 'portable'
            got = torch.from_numpy(np.fromfile(out, '<f4').reshape(-1, 64))
            worst = float((got - expected).abs().max())
            best = nm.masked_logits(got, planes[:, 2]).argmax(1)
            # A different best move counts only where PyTorch rates it clearly lower: two moves
            # whose logits lie within the tolerance are a tie that rounding may break either way.
            gap = expected.gather(1, expected_best[:, None]) - expected.gather(1, best[:, None])
            moves_differ = int((gap > args.tolerance).sum())
            ok = worst <= args.tolerance and moves_differ == 0
            failed |= not ok
            print(f'{used:>8}: {len(records)} positions, largest logit difference {worst:.2e}, '
                  f'{moves_differ} best moves differ: {"ok" if ok else "FAILED"}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
