#!/usr/bin/env python3
"""Trains the network policy on expert moves and writes the engine's weights file.

  othello-train --export-moves DIR         # DIR/train.moves, DIR/held-out.moves (2016 on)
  training/network/train_network.py --data DIR --checkpoint run.pt --output network.bin
  training/network/train_network.py --data DIR --checkpoint run.pt --resume --positions 40e6 ...

A run is a number of training positions (--positions), drawn epoch by epoch in a seeded order,
each seen under one of the 8 board symmetries. The learning rate decays to zero at the end of the
run (cosine). A checkpoint (every --checkpoint-every positions and at the end) holds the model,
the optimiser and where the run is, so --resume goes on exactly where it stopped, on this machine
or another (a GPU is used where PyTorch sees one). Only the held-out file's positions measure the
agreement; they are never trained on.
"""
import argparse
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import network_model as nm  # noqa: E402


def symmetry(t, s):
    """The s-th (0..7) of the board's symmetries applied to the last two dimensions."""
    if s & 4:
        t = t.transpose(-1, -2)
    return torch.rot90(t, s & 3, dims=(-2, -1))


def square_maps():
    """For each symmetry, the square each square is taken to."""
    maps = []
    for s in range(8):
        source = symmetry(torch.arange(64).view(8, 8), s).flatten()
        target = torch.empty(64, dtype=torch.int64)
        target[source] = torch.arange(64)
        maps.append(target)
    return maps


def batch_tensors(records, device):
    planes = nm.input_planes(nm.as_int64(records['player']), nm.as_int64(records['opponent']),
                             nm.as_int64(records['legal']))
    moves = torch.from_numpy(records['move'].astype(np.int64))
    return planes.to(device), moves.to(device)


def agreement(model, held_out, device, limit, batch=4096):
    """The share of held-out positions where the model's best legal move is the expert's."""
    model.eval()
    agreed = 0
    n = min(limit, len(held_out)) if limit else len(held_out)
    with torch.no_grad():
        for first in range(0, n, batch):
            planes, moves = batch_tensors(held_out[first:min(n, first + batch)], device)
            best = nm.masked_logits(model(planes), planes[:, 2]).argmax(1)
            agreed += int((best == moves).sum())
    model.train()
    return agreed / max(n, 1)


def learning_rate(args, done):
    return args.lr * 0.5 * (1 + math.cos(math.pi * min(1.0, done / args.positions)))


def save_checkpoint(path, model, optimiser, state, args):
    tmp = path + '.tmp'
    torch.save({'model': model.state_dict(), 'optimiser': optimiser.state_dict(),
                'state': state, 'args': vars(args)}, tmp)
    os.replace(tmp, path)


def parse_args(argv):
    a = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    a.add_argument('--data', required=True, help='folder with train.moves and held-out.moves')
    a.add_argument('--checkpoint', required=True, help='checkpoint file (written, or read by --resume)')
    a.add_argument('--resume', action='store_true', help='go on from --checkpoint')
    a.add_argument('--output', help='write the engine weights file here at the end')
    a.add_argument('--overwrite', action='store_true', help='replace an existing --output')
    a.add_argument('--channels', type=int, help='channels of every convolution (default 32; '
                   'with --resume, the checkpoint\'s)')
    a.add_argument('--layers', type=int,
                   help='3x3 convolutions, the first included (default 6; with --resume, the '
                   'checkpoint\'s)')
    a.add_argument('--positions', type=float, default=2e6, help='training positions in the run')
    a.add_argument('--batch', type=int, help='positions a step (default 256; with --resume, '
                   'the checkpoint\'s)')
    a.add_argument('--lr', type=float, default=2e-3)
    a.add_argument('--weight-decay', type=float, default=1e-4)
    a.add_argument('--train-limit', type=int, default=0, help='use only the first N positions')
    a.add_argument('--held-out-limit', type=int, default=50000,
                   help='held-out positions measured at each checkpoint (0: all)')
    a.add_argument('--checkpoint-every', type=float, default=1e6)
    a.add_argument('--seed', type=int, default=1)
    a.add_argument('--threads', type=int, default=0, help='CPU threads (0: all cores)')
    a.add_argument('--device', default='auto', help='auto (cuda where there is one), cpu or cuda')
    args = a.parse_args(argv)
    # What the model and the order of its positions are made of: given, or the checkpoint's when
    # a run goes on, or the defaults.
    saved = {}
    if args.resume and os.path.isfile(args.checkpoint):
        saved = torch.load(args.checkpoint, map_location='cpu')['args']
    for key, default in (('channels', 32), ('layers', 6), ('batch', 256)):
        if getattr(args, key) is None:
            setattr(args, key, saved.get(key, default))
    # The engine's limits (engine/network/network_file.h): refuse now, not after hours.
    if not 1 <= args.channels <= 256 or not 1 <= args.layers <= 64:
        a.error('--channels is 1 to 256 and --layers 1 to 64')
    return args


def main(argv=None):
    args = parse_args(argv)
    for path in (args.output, args.checkpoint):
        # Files are replaced by renaming over them: never over a FIFO, a device or a folder.
        if path and os.path.lexists(path) and not os.path.isfile(path):
            sys.exit(f'train_network: {path} is not a regular file')
    if args.output and os.path.exists(args.output) and not args.overwrite:
        sys.exit(f'train_network: {args.output} exists (--overwrite to replace it)')
    if not args.resume and os.path.exists(args.checkpoint):
        sys.exit(f'train_network: {args.checkpoint} exists (--resume to go on from it)')
    torch.set_num_threads(args.threads or os.cpu_count())
    device = torch.device('cuda' if args.device == 'auto' and torch.cuda.is_available()
                          else ('cpu' if args.device == 'auto' else args.device))
    state = {'positions_done': 0, 'epoch': 0, 'at': 0}
    saved = None
    if args.resume:
        saved = torch.load(args.checkpoint, map_location='cpu')
        # What decides the model and the order of the positions must not change; --positions may
        # (a longer run goes on with the cosine stretched over the new total), and --lr and
        # --weight-decay apply from here on.
        for key in ('channels', 'layers', 'seed', 'train_limit', 'batch'):
            if saved['args'].get(key) != getattr(args, key):
                sys.exit(f'train_network: the checkpoint was made with --{key.replace("_", "-")} '
                         f'{saved["args"].get(key)}, not {getattr(args, key)}')
        state = saved['state']
    torch.manual_seed(args.seed)
    model = nm.PolicyNet(args.channels, args.layers).to(device)
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    if saved:
        model.load_state_dict(saved['model'])
        optimiser.load_state_dict(saved['optimiser'])
        for group in optimiser.param_groups:
            group['weight_decay'] = args.weight_decay

    train = nm.read_moves(os.path.join(args.data, 'train.moves'))
    if args.train_limit:
        train = train[:args.train_limit]
    held_out = nm.read_moves(os.path.join(args.data, 'held-out.moves'))
    if len(train) == 0 or len(held_out) == 0:
        sys.exit(f'train_network: {args.data} has no training or no held-out positions')
    maps = [m.to(device) for m in square_maps()]
    print(f'train_network: {len(train)} training, {len(held_out)} held-out positions; '
          f'{args.channels} channels x {args.layers} layers '
          f'({sum(t.numel() for t in model.tensors())} weights) on {device}', flush=True)

    total = int(args.positions)
    next_checkpoint = state['positions_done'] + args.checkpoint_every
    started, loss_sum, loss_n = time.time(), 0.0, 0
    while state['positions_done'] < total:
        # The epoch's order depends only on the seed and the epoch: a resumed run draws the same.
        order = np.random.default_rng([args.seed, state['epoch']]).permutation(len(train))
        while state['at'] < len(order) and state['positions_done'] < total:
            picks = np.sort(order[state['at']:state['at'] + args.batch])
            state['at'] += len(picks)
            state['positions_done'] += len(picks)
            planes, moves = batch_tensors(train[picks], device)
            s = int(np.random.default_rng([args.seed, state['positions_done']]).integers(8))
            planes, moves = symmetry(planes, s), maps[s][moves]
            for group in optimiser.param_groups:
                group['lr'] = learning_rate(args, state['positions_done'])
            loss = F.cross_entropy(nm.masked_logits(model(planes), planes[:, 2]), moves)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            loss_sum, loss_n = loss_sum + float(loss), loss_n + 1
            if state['positions_done'] >= next_checkpoint or state['positions_done'] >= total:
                save_checkpoint(args.checkpoint, model, optimiser, state, args)
                rate = loss_n * args.batch / (time.time() - started)
                print(f'{state["positions_done"]:>11,} positions  loss {loss_sum / loss_n:.4f}  '
                      f'held-out agreement {agreement(model, held_out, device, args.held_out_limit):.4f}'
                      f'  {rate:,.0f} positions/s', flush=True)
                next_checkpoint += args.checkpoint_every
                started, loss_sum, loss_n = time.time(), 0.0, 0
        if state['at'] >= len(order):
            state['epoch'] += 1
            state['at'] = 0
    save_checkpoint(args.checkpoint, model, optimiser, state, args)
    if args.output:
        data = nm.serialize(model.cpu())
        tmp = args.output + '.tmp'
        with open(tmp, 'wb') as f:
            f.write(data)
        os.replace(tmp, args.output)
        print(f'train_network: wrote {args.output} ({len(data)} bytes)')


if __name__ == '__main__':
    main()
