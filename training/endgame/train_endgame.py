#!/usr/bin/env python3
"""Fits the endgame network (engine/patterns/endgame_network.h) on endgame sets.

The network corrects the pattern evaluation of positions with at most 16 empties: it is trained
on the difference between the exact value (the set's label) and the pattern evaluation, on a
random one of the 8 board symmetries per batch, and the engine averages its output over all 8.
The last --validation share of the records (the last games of the last file) is held out; the
script reports the error of the pattern evaluation alone and corrected, by the float model and
by the integer network it writes (the engine's arithmetic, emulated here), by empties.

    othello-train --export-endgame set.bin --samples self-play.samples [--samples ...]
    python3 training/endgame/train_endgame.py --sets set.bin --output endgame.net
    othello-train --attach-endgame endgame.net --output weights-eg.bin

Needs PyTorch (python3-torch: scripts/setup.sh --train). Deterministic for one --seed on one
machine and thread count.
"""
import argparse
import math
import os
import struct
import sys
import time

import numpy as np
import torch

MAX_EMPTIES = 16
SQUARE_INPUTS = 256
BINARY_INPUTS = SQUARE_INPUTS + MAX_EMPTIES + 4  # squares, one-hot empties, quadrant parities
INPUTS = BINARY_INPUTS + 1  # and the pattern evaluation
HIDDEN1, HIDDEN2 = 64, 32
OUTPUT_DISCS = 8
ONE = 256
SET_MAGIC = b"OTHEGSET"
NET_MAGIC = b"OTHEGNET"
RECORD_V1 = np.dtype([("mover", "<u8"), ("opponent", "<u8"), ("mover_moves", "<u8"),
                      ("opponent_moves", "<u8"), ("pattern", "<i4"), ("label", "<f4")])
RECORD = np.dtype(RECORD_V1.descr + [("siblings", "<u4")])


def load_set(path):
    with open(path, "rb") as f:
        header = f.read(24)
        if len(header) != 24 or header[:8] != SET_MAGIC:
            sys.exit(f"{path}: not an endgame set (magic is not OTHEGSET)")
        version, record_bytes, count = struct.unpack("<IIQ", header[8:])
        layouts = {1: RECORD_V1, 2: RECORD}
        if version not in layouts or record_bytes != layouts[version].itemsize:
            sys.exit(f"{path}: endgame set version {version} with {record_bytes}-byte records, "
                     f"this script reads version 1 (40-byte records) and 2 (44)")
        size = os.path.getsize(path)
        if size != 24 + count * record_bytes:
            sys.exit(f"{path}: header says {count} records ({24 + count * record_bytes} bytes), "
                     f"the file holds {size} bytes")
        read = np.fromfile(f, dtype=layouts[version])
        records = np.zeros(len(read), dtype=RECORD)
        for field in RECORD_V1.names:
            records[field] = read[field]
        if version == 2:
            records["siblings"] = read["siblings"]
    if len(records) != count:
        sys.exit(f"{path}: header says {count} records, the file holds {len(records)}")
    occupied = records["mover"] | records["opponent"]
    empties = 64 - popcount64(occupied)
    if np.any(records["mover"] & records["opponent"]) or np.any(empties < 1) or \
            np.any(empties > MAX_EMPTIES) or not np.all(np.isfinite(records["label"])):
        sys.exit(f"{path}: holds a record that is no endgame position of at most "
                 f"{MAX_EMPTIES} empties with a finite label")
    return records


def popcount64(values):
    bytes_ = values.astype("<u8").view(np.uint8).reshape(-1, 8)
    return np.unpackbits(bytes_, axis=1).sum(axis=1).astype(np.int64)


BITS = torch.arange(64, dtype=torch.int64)


def planes(records):
    """(n, 4, 8, 8) float planes of the four bitboards; square index = row * 8 + column."""
    boards = torch.from_numpy(np.stack([records[k].astype(np.int64) for k in
                                        ("mover", "opponent", "mover_moves", "opponent_moves")],
                                       axis=1))
    bits = (boards.unsqueeze(-1) >> BITS) & 1
    return bits.view(-1, 4, 8, 8).to(torch.uint8)


def symmetric(board_planes, s):
    """Image s (0..7) of the board under the 8 symmetries of the square."""
    x = torch.rot90(board_planes, s % 4, dims=(2, 3))
    return torch.flip(x, dims=(3,)) if s >= 4 else x


def parities(board_planes):
    """(n, 4): whether quadrants a1-d4, e1-h4, a5-d8, e5-h8 hold an odd number of empties."""
    empty = 1 - board_planes[:, 0].long() - board_planes[:, 1].long()
    quadrants = [empty[:, :4, :4], empty[:, :4, 4:], empty[:, 4:, :4], empty[:, 4:, 4:]]
    return torch.stack([q.sum(dim=(1, 2)) % 2 for q in quadrants], dim=1)


def binary_inputs(board_planes, empties):
    one_hot = torch.nn.functional.one_hot(empties - 1, MAX_EMPTIES)
    return torch.cat([board_planes.reshape(-1, SQUARE_INPUTS).long(), one_hot,
                      parities(board_planes)], dim=1)


def inputs(board_planes, empties, pattern_units):
    evaluation = torch.clamp(torch.trunc(pattern_units / 64.0), -512, 512) / ONE
    return torch.cat([binary_inputs(board_planes, empties).float(), evaluation.unsqueeze(1)],
                     dim=1)


class EndgameNetwork(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = torch.nn.Linear(INPUTS, HIDDEN1)
        self.l2 = torch.nn.Linear(HIDDEN1, HIDDEN2)
        self.l3 = torch.nn.Linear(HIDDEN2, 1)

    def forward(self, x):
        h1 = torch.clamp(self.l1(x), 0.0, 1.0)
        h2 = torch.clamp(self.l2(h1), 0.0, 1.0)
        return self.l3(h2).squeeze(1)


def tensors(records):
    empties = torch.from_numpy(64 - popcount64(records["mover"] | records["opponent"]))
    pattern = torch.from_numpy(records["pattern"].astype(np.float32))
    label = torch.from_numpy(records["label"].astype(np.float32))
    return planes(records), empties, pattern, label


def float_correction(model, board_planes, empties, pattern):
    """The float model's correction in discs, averaged over the 8 images, as the engine does."""
    with torch.no_grad():
        total = torch.zeros(len(empties))
        for s in range(8):
            total += model(inputs(symmetric(board_planes, s), empties, pattern))
    return total / 8 * OUTPUT_DISCS


def quantized(model):
    def q(t, scale=ONE):
        return np.clip(np.round(t.detach().numpy().astype(np.float64) * scale),
                       -32767, 32767).astype(np.int64)
    w1 = q(model.l1.weight.T)
    b1 = np.round(model.l1.bias.detach().numpy().astype(np.float64) * ONE).astype(np.int64)
    w2 = q(model.l2.weight.T)
    b2 = np.round(model.l2.bias.detach().numpy().astype(np.float64) * ONE).astype(np.int64)
    w3 = q(model.l3.weight[0])
    b3 = int(round(float(model.l3.bias[0]) * ONE))
    return w1, b1, w2, b2, w3, b3


def integer_correction(net, board_planes, empties, pattern):
    """The engine's integer arithmetic (endgame_network.cpp), in 1/256 disc."""
    w1, b1, w2, b2, w3, b3 = net
    evaluation = np.clip(np.trunc(pattern.numpy() / 64.0), -512, 512).astype(np.int64)
    total = np.zeros(len(empties), dtype=np.int64)
    for s in range(8):
        binary = binary_inputs(symmetric(board_planes, s), empties).numpy()
        sum1 = b1 + binary @ w1[:BINARY_INPUTS] + \
            ((w1[INPUTS - 1][None, :] * evaluation[:, None]) >> 8)
        h1 = np.clip(sum1, 0, ONE)
        h2 = np.clip(b2 + ((h1 @ w2) >> 8), 0, ONE)
        total += b3 + ((h2 @ w3) >> 8)
    return total  # the 8 outputs' mean in discs times 256, exactly their sum (8 * 256 / 8 / 256)


def serialize(net):
    w1, b1, w2, b2, w3, b3 = net
    out = bytearray(NET_MAGIC)
    out += struct.pack("<5I", MAX_EMPTIES, INPUTS, HIDDEN1, HIDDEN2, OUTPUT_DISCS)
    out += w1.astype("<i2").tobytes() + b1.astype("<i4").tobytes()
    out += w2.astype("<i2").tobytes() + b2.astype("<i4").tobytes()
    out += w3.astype("<i2").tobytes() + struct.pack("<i", b3)
    return bytes(out)


def grouped_by_siblings(records_list):
    """The records of the sets, concatenated and reordered so that the positions one move after
    one parent (the same nonzero siblings number, in one set; a child whose opponent must pass,
    numbered 0, may stand among them) are consecutive, and their run ids: siblings share one,
    every other position is alone. The order is otherwise kept."""
    keys, offset = [], 0
    for records in records_list:
        siblings = records["siblings"].astype(np.int64)
        key = np.arange(len(siblings), dtype=np.int64) + offset
        numbered = np.flatnonzero(siblings)
        if len(numbered):
            # A new run where the number changes from the last numbered position's.
            values = siblings[numbered]
            starts = np.r_[True, values[1:] != values[:-1]]
            key[numbered] = numbered[np.flatnonzero(starts)][np.cumsum(starts) - 1] + offset
        keys.append(key)
        offset += len(siblings)
    keys = np.concatenate(keys)
    order = np.argsort(keys, kind="stable")
    keys = keys[order]
    runs = np.cumsum(np.r_[True, keys[1:] != keys[:-1]])
    return np.concatenate(records_list)[order], runs


def runs_of(run_ids):
    """(starts, sizes) of the consecutive runs of equal ids."""
    starts = np.flatnonzero(np.r_[True, run_ids[1:] != run_ids[:-1]])
    sizes = np.diff(np.r_[starts, len(run_ids)])
    return starts, sizes


def choice_loss(values, labels, starts, sizes):
    """Over the runs of 2 or more siblings: the discs a one-ply choice by `values` loses against
    the best sibling (the parent's mover takes the child that is worst for the side to move
    there), and how often it takes a best one. (loss a choice, share of best choices, runs)"""
    lost, best, runs = 0.0, 0, 0
    for start, size in zip(starts, sizes):
        if size < 2:
            continue
        v, l = values[start:start + size], labels[start:start + size]
        chosen = l[int(np.argmin(v))]
        lost += float(chosen - l.min())
        best += int(chosen == l.min())
        runs += 1
    return (lost / runs, best / runs, runs) if runs else (0.0, 0.0, 0)


def report(name, errors, empties):
    """RMS error in discs, all and by ranges of empties."""
    line = f"{name:28s} all {math.sqrt(float((errors ** 2).mean())):6.3f}"
    for low, high in ((1, 4), (5, 8), (9, 12), (13, 16)):
        mask = (empties >= low) & (empties <= high)
        if mask.any():
            line += f"  {low}-{high}: {math.sqrt(float((errors[mask] ** 2).mean())):6.3f}"
    print(line, flush=True)


def batches_of(count, starts, sizes, args, generator):
    """(record indices, run of each within the batch) in a seeded order. Plain least squares
    draws records; with a ranking term, whole runs of siblings, about --batch records a batch."""
    if args.rank_weight == 0:
        order = torch.randperm(count, generator=generator)
        for first in range(0, count, args.batch):
            index = order[first:first + args.batch]
            yield index, torch.arange(len(index))
        return
    order = torch.randperm(len(starts), generator=generator).numpy()
    per_batch = max(1, int(args.batch * len(starts) / count))
    for first in range(0, len(order), per_batch):
        chosen = order[first:first + per_batch]
        n = sizes[chosen]
        run = np.repeat(np.arange(len(chosen)), n)
        within = np.arange(n.sum()) - np.repeat(np.cumsum(n) - n, n)
        yield torch.from_numpy(np.repeat(starts[chosen], n) + within), torch.from_numpy(run)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", nargs="+", required=True, help="endgame sets (othello-train "
                        "--export-endgame)")
    parser.add_argument("--output", required=True, help="network file to write (must not exist)")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--learning-rate", type=float, default=3e-3)
    parser.add_argument("--validation", type=float, default=0.05,
                        help="share of the records, from the end, held out")
    parser.add_argument("--rank-weight", type=float, default=0.0,
                        help="weight of the ranking term: over the positions one move after one "
                        "parent (the sets' siblings), the squared spread of their errors about "
                        "their mean error, which is what a one-ply choice between them reads; "
                        "0: plain least squares on every position")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--parity", help="also write the integer network's correction of the "
                        "first 64 held-out positions here, one per line: mover and opponent "
                        "discs (hex), pattern evaluation, correction (1/256 disc); the engine's "
                        "test reads it (tests/data/endgame-parity.txt)")
    args = parser.parse_args()
    for path in (args.output, args.parity):
        if path and os.path.lexists(path):
            sys.exit(f"{path} exists; give a new file")
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    records, run_ids = grouped_by_siblings([load_set(path) for path in args.sets])
    held = int(len(records) * args.validation)
    if len(records) - held < 1 or held < 1:
        sys.exit(f"{len(records)} positions in the sets: too few to train on and hold out")
    train, valid = records[:len(records) - held], records[len(records) - held:]
    t_starts, t_sizes = runs_of(run_ids[:len(train)])
    v_starts, v_sizes = runs_of(run_ids[len(train):])
    print(f"{len(train)} training and {len(valid)} held-out positions", flush=True)
    t_planes, t_empties, t_pattern, t_label = tensors(train)
    v_planes, v_empties, v_pattern, v_label = tensors(valid)
    t_target = (t_label - t_pattern / 256.0) / OUTPUT_DISCS
    model = EndgameNetwork()
    optimizer = torch.optim.Adam(model.parameters(), lr=args.learning_rate)
    steps = args.epochs * math.ceil(len(train) / args.batch)
    # Cosine decay to nothing over the run.
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda step: 0.5 * (1 + math.cos(math.pi * min(step, steps) / steps)))
    base_errors = v_pattern / 256.0 - v_label
    report("held out, patterns alone", base_errors, v_empties)
    v_labels = v_label.numpy()

    def report_choices(name, values):
        lost, best, runs = choice_loss(values, v_labels, v_starts, v_sizes)
        if runs:
            print(f"{name:28s} one-ply choice over {runs} sets of siblings: {lost:.3f} discs "
                  f"lost a choice, best {100 * best:.1f}%", flush=True)

    report_choices("held out, patterns alone", v_pattern.numpy())
    generator = torch.Generator().manual_seed(args.seed)
    started = time.time()
    for epoch in range(args.epochs):
        total, batches = 0.0, 0
        for index, run in batches_of(len(train), t_starts, t_sizes, args, generator):
            s = int(torch.randint(8, (1,), generator=generator))
            x = inputs(symmetric(t_planes[index], s), t_empties[index], t_pattern[index])
            errors = model(x) - t_target[index]
            loss = (errors ** 2).mean()
            if args.rank_weight > 0:
                # Each error's distance from its siblings' mean error.
                count = int(run[-1]) + 1
                sums = torch.zeros(count).index_add_(0, run, errors)
                sizes = torch.zeros(count).index_add_(0, run, torch.ones_like(errors))
                spread = errors - (sums / sizes)[run]
                loss = loss + args.rank_weight * (spread ** 2).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            schedule.step()
            total += float(loss)
            batches += 1
        corrected = v_pattern / 256.0 + float_correction(model, v_planes, v_empties, v_pattern)
        print(f"epoch {epoch + 1}: training RMS "
              f"{math.sqrt(total / batches) * OUTPUT_DISCS:.3f} discs, "
              f"{time.time() - started:.0f} s", flush=True)
        report("held out, float network", corrected - v_label, v_empties)
        report_choices("held out, float network", corrected.numpy())
    net = quantized(model)
    corrected = (v_pattern.numpy().astype(np.int64) +
                 integer_correction(net, v_planes, v_empties, v_pattern)) / 256.0
    report("held out, integer network", torch.from_numpy(corrected) - v_label, v_empties)
    report_choices("held out, integer network", corrected)
    with open(args.output, "xb") as f:
        f.write(serialize(net))
    print(f"wrote {args.output}")
    if args.parity:
        n = min(64, len(valid))
        correction = integer_correction(net, v_planes[:n], v_empties[:n], v_pattern[:n])
        with open(args.parity, "x") as f:
            for i in range(n):
                f.write(f"{int(valid['mover'][i]):016x} {int(valid['opponent'][i]):016x} "
                        f"{int(valid['pattern'][i])} {int(correction[i])}\n")
        print(f"wrote {args.parity}")


if __name__ == "__main__":
    main()
