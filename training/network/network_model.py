"""The network policy's model, its inputs, and its weights file (engine/network/network_file.h).

The model is a residual convolutional move predictor, the setting of Liskowski, Jaskowski and
Krawiec (IEEE ToG 2018): the board as planes in, one logit a square out, masked to the legal
moves. The engine's C++ forward pass (engine/network/) computes exactly this function.
"""
import struct
import zlib

import numpy as np
import torch
from torch import nn

# Move-sample records (training/move_sample_file.h), read with numpy.
MOVE_RECORD = np.dtype([('player', '<u8'), ('opponent', '<u8'), ('legal', '<u8'), ('move', 'u1'),
                        ('result', 'i1'), ('year', '<u2'), ('empties', 'u1'), ('pad', 'V3')])
MOVES_MAGIC = b'OTHMOVES'

INPUT_PLANES = 4  # the side to move's discs, the opponent's, the legal moves, a plane of ones
FILE_MAGIC = b'OTHNETWK'
FILE_VERSION = 1
HEADER = struct.Struct('<8sIIIIII')  # magic, version, planes, channels, layers, floats, crc32


def read_moves(path):
    """The records of a move-sample file, as a read-only memory map."""
    with open(path, 'rb') as f:
        header = f.read(16)
    if len(header) < 16 or header[:8] != MOVES_MAGIC or struct.unpack('<II', header[8:]) != (
            1, MOVE_RECORD.itemsize):
        raise ValueError(f'{path}: not a move-sample file (OTHMOVES version 1, 32-byte records)')
    return np.memmap(path, dtype=MOVE_RECORD, mode='r', offset=16)


_SHIFTS = torch.arange(64, dtype=torch.int64)


def bits_to_planes(bitboards):
    """(B,) int64 bitboards -> (B, 8, 8) float planes; bit i is row i // 8, column i % 8."""
    return ((bitboards.unsqueeze(1) >> _SHIFTS) & 1).to(torch.float32).view(-1, 8, 8)


def input_planes(player, opponent, legal):
    """The network's input for positions given as int64 tensors of bitboards: (B, 4, 8, 8)."""
    p = bits_to_planes(player)
    return torch.stack([p, bits_to_planes(opponent), bits_to_planes(legal), torch.ones_like(p)], 1)


def as_int64(array):
    return torch.from_numpy(np.ascontiguousarray(array).view(np.int64))


class PolicyNet(nn.Module):
    """A 3x3 convolution in, `layers - 1` residual 3x3 convolutions (x + relu(conv(x))), and a
    1x1 convolution to one logit a square plus a learned bias per square."""

    def __init__(self, channels, layers):
        super().__init__()
        self.channels, self.layers = channels, layers
        self.stem = nn.Conv2d(INPUT_PLANES, channels, 3, padding=1)
        self.body = nn.ModuleList(
            nn.Conv2d(channels, channels, 3, padding=1) for _ in range(layers - 1))
        self.head = nn.Conv2d(channels, 1, 1)
        self.square_bias = nn.Parameter(torch.zeros(64))

    def forward(self, planes):
        x = torch.relu(self.stem(planes))
        for conv in self.body:
            x = x + torch.relu(conv(x))
        return self.head(x).flatten(1) + self.square_bias

    def tensors(self):
        """The parameters in the order the weights file stores them."""
        out = [self.stem.weight, self.stem.bias]
        for conv in self.body:
            out += [conv.weight, conv.bias]
        return out + [self.head.weight, self.head.bias, self.square_bias]


def masked_logits(logits, legal_planes):
    """Illegal squares can never be chosen: their logits become -inf."""
    return logits.masked_fill(legal_planes.flatten(1) == 0, float('-inf'))


def serialize(model):
    """The bytes of the engine's weights file for `model`."""
    payload = np.concatenate(
        [t.detach().cpu().to(torch.float32).flatten().numpy() for t in model.tensors()])
    if not np.all(np.isfinite(payload)):
        raise ValueError('the model has weights that are not finite numbers')
    body = payload.astype('<f4').tobytes()
    fields = (FILE_MAGIC, FILE_VERSION, INPUT_PLANES, model.channels, model.layers, payload.size)
    crc = zlib.crc32(HEADER.pack(*fields, 0)[:-4] + body)
    return HEADER.pack(*fields, crc) + body


def parse(data, name='network file'):
    """A PolicyNet from a weights file's bytes (the engine's checks, for the tests' use)."""
    if len(data) < HEADER.size:
        raise ValueError(f'{name}: truncated header')
    magic, version, planes, channels, layers, floats, crc = HEADER.unpack_from(data)
    if magic != FILE_MAGIC or version != FILE_VERSION or planes != INPUT_PLANES:
        raise ValueError(f'{name}: not a version-1 network file')
    if zlib.crc32(data[:HEADER.size - 4] + data[HEADER.size:]) != crc:
        raise ValueError(f'{name}: checksum mismatch')
    model = PolicyNet(channels, layers)
    values = np.frombuffer(data, dtype='<f4', offset=HEADER.size)
    if values.size != floats or floats != sum(t.numel() for t in model.tensors()):
        raise ValueError(f'{name}: size does not match its shape')
    at = 0
    with torch.no_grad():
        for t in model.tensors():
            t.copy_(torch.from_numpy(values[at:at + t.numel()].copy()).view_as(t))
            at += t.numel()
    return model
