#!/usr/bin/env python3
"""Trains the network policy on expert moves and writes the engine's weights file.

  othello-train --export-moves DIR         # DIR/train.moves, DIR/held-out.moves (2016 on)
  training/network/train_network.py --data DIR --checkpoint run.pt --output network.bin
  training/network/train_network.py --data DIR --checkpoint run.pt --resume --positions 40e6 ...

A run is a number of training positions (--positions), drawn epoch by epoch in a seeded order,
each seen under one of the 8 board symmetries. The learning rate is constant until --decay-from
positions, then falls to zero at the end of the run (cosine); the default, --decay-from 0, decays
over the whole run, and a run meant to go on across sessions sets it past --positions (constant)
until its learning curve flattens, then resumes once with the decay. A checkpoint (every
--checkpoint-every positions, every --checkpoint-minutes, and at the end) holds the model, the
optimiser and where the run is, so --resume goes on exactly where it stopped, on this machine or
another (a GPU is used where PyTorch sees one). Only the held-out file's positions measure the
agreement; they are never trained on. --curve appends a learning-curve row every --curve-every
positions: positions seen, the run's wall time, the held-out agreement of the network alone and,
with --othello-train, of the policy as the engine plays it, and the positions a second.
"""
import argparse
import math
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import network_model as nm  # noqa: E402


stop_requested = False


def request_stop(signum, frame):
    global stop_requested
    stop_requested = True


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
            planes, moves = batch_tensors(np.asarray(held_out[first:min(n, first + batch)]), device)
            best = nm.masked_logits(model(planes), planes[:, 2]).argmax(1)
            agreed += int((best == moves).sum())
    model.train()
    return agreed / max(n, 1)


def learning_rate(args, done):
    """Constant until --decay-from, then cosine to zero at --positions."""
    if done <= args.decay_from or args.positions <= args.decay_from:
        return args.lr
    progress = (done - args.decay_from) / (args.positions - args.decay_from)
    return args.lr * 0.5 * (1 + math.cos(math.pi * min(1.0, progress)))


def as_played_agreement(model, args):
    """The engine's own measure: the policy as it plays (value weight 1) on the first
    --as-played-games held-out games, through othello-train --agreement-of network."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, 'network.bin')
        with open(path, 'wb') as f:
            f.write(nm.serialize(model))
        out = subprocess.run([args.othello_train, '--agreement-of', 'network', '--network', path,
                              '--value-weight', '1', '--games', str(args.as_played_games)],
                             check=True, capture_output=True, text=True).stdout
    found = re.search(r'\(([0-9.]+)%\)', out)
    if not found:
        sys.exit(f'train_network: no agreement in the output of {args.othello_train}: {out!r}')
    return float(found.group(1)) / 100


def append_curve_row(args, model, held_out_sample, device, state, rate):
    """One row of the learning curve (a tab-separated file with a header)."""
    alone = agreement(model, held_out_sample, device, 0)
    played = as_played_agreement(model.to('cpu'), args) if args.othello_train else float('nan')
    model.to(device)
    new = not os.path.exists(args.curve)
    with open(args.curve, 'a') as f:
        if new:
            f.write('positions\twall_seconds\talone\tas_played\tpositions_per_second\tdevice\n')
        f.write(f'{state["positions_done"]}\t{state["wall_seconds"]:.0f}\t{alone:.4f}\t'
                f'{played:.4f}\t{rate:.0f}\t{device.type}\n')
    print(f'curve: {state["positions_done"]:,} positions, alone {alone:.4f}, as played '
          f'{played:.4f}', flush=True)


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
    a.add_argument('--decay-from', type=float, default=0,
                   help='the learning rate is constant until this many positions, then cosine '
                   'to zero at --positions (0: cosine over the whole run)')
    a.add_argument('--init-from', help='start a new run from this engine weights file')
    a.add_argument('--batch', type=int, help='positions a step (default 256; with --resume, '
                   'the checkpoint\'s)')
    a.add_argument('--lr', type=float, default=2e-3)
    a.add_argument('--weight-decay', type=float, default=1e-4)
    a.add_argument('--train-limit', type=int, default=0, help='use only the first N positions')
    a.add_argument('--held-out-limit', type=int, default=50000,
                   help='held-out positions measured at each checkpoint (0: all)')
    a.add_argument('--checkpoint-every', type=float, default=1e6)
    a.add_argument('--checkpoint-minutes', type=float, default=0,
                   help='also checkpoint after this many minutes of training (0: never)')
    a.add_argument('--curve', help='append learning-curve rows to this file')
    a.add_argument('--curve-every', type=float, default=1e6)
    a.add_argument('--curve-stride', type=int, default=8,
                   help='the curve measures every N-th held-out position (all years)')
    a.add_argument('--minutes', type=float, default=0,
                   help='stop (with a checkpoint) after this many minutes (0: run to --positions)')
    a.add_argument('--othello-train', help='othello-train, for the curve\'s as-played agreement')
    a.add_argument('--as-played-games', type=int, default=1000)
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
    if args.resume and args.init_from:
        sys.exit('train_network: --init-from starts a new run; --resume goes on from --checkpoint')
    torch.set_num_threads(args.threads or os.cpu_count())
    device = torch.device('cuda' if args.device == 'auto' and torch.cuda.is_available()
                          else ('cpu' if args.device == 'auto' else args.device))
    state = {'positions_done': 0, 'epoch': 0, 'at': 0, 'wall_seconds': 0.0}
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
        state = {'wall_seconds': 0.0, **saved['state']}
    torch.manual_seed(args.seed)
    model = nm.PolicyNet(args.channels, args.layers)
    if args.init_from:
        with open(args.init_from, 'rb') as f:
            start = nm.parse(f.read(), args.init_from)
        if (start.channels, start.layers) != (args.channels, args.layers):
            sys.exit(f'train_network: {args.init_from} is {start.channels} x {start.layers}, '
                     f'not --channels {args.channels} --layers {args.layers}')
        model.load_state_dict(start.state_dict())
    model = model.to(device)
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

    held_out_sample = held_out[::args.curve_stride]
    total = int(args.positions)
    next_checkpoint = state['positions_done'] + args.checkpoint_every
    next_curve = (state['positions_done'] // int(args.curve_every) + 1) * int(args.curve_every)
    if args.curve and state['positions_done'] == 0 and not os.path.exists(args.curve):
        append_curve_row(args, model, held_out_sample, device, state, 0)  # where the run starts
    started, loss_sum, loss_n = time.time(), 0.0, 0
    last_save, last_tick = time.time(), time.time()
    deadline = time.time() + 60 * args.minutes if args.minutes else math.inf
    # SIGTERM and SIGINT end the run at the next step, with a checkpoint (a session's stop).
    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)
    while state['positions_done'] < total and time.time() < deadline and not stop_requested:
        # The epoch's order depends only on the seed and the epoch: a resumed run draws the same.
        order = np.random.default_rng([args.seed, state['epoch']]).permutation(len(train))
        while (state['at'] < len(order) and state['positions_done'] < total
               and time.time() < deadline and not stop_requested):
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
            now = time.time()
            state['wall_seconds'] += now - last_tick
            last_tick = now
            if args.curve and state['positions_done'] >= next_curve:
                append_curve_row(args, model, held_out_sample, device, state,
                                 loss_n * args.batch / (time.time() - started))
                next_curve += int(args.curve_every)
                last_tick = time.time()
            if args.checkpoint_minutes and now - last_save >= 60 * args.checkpoint_minutes:
                save_checkpoint(args.checkpoint, model, optimiser, state, args)
                last_save = time.time()
            if state['positions_done'] >= next_checkpoint or state['positions_done'] >= total:
                save_checkpoint(args.checkpoint, model, optimiser, state, args)
                last_save = time.time()
                rate = loss_n * args.batch / (time.time() - started)
                print(f'{state["positions_done"]:>11,} positions  loss {loss_sum / loss_n:.4f}  '
                      f'held-out agreement {agreement(model, held_out, device, args.held_out_limit):.4f}'
                      f'  {rate:,.0f} positions/s', flush=True)
                next_checkpoint += args.checkpoint_every
                started, loss_sum, loss_n = time.time(), 0.0, 0
                last_tick = time.time()
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
