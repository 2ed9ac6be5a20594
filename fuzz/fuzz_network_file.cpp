// libFuzzer target: the bytes of a network weights file. The checksum is recomputed over the
// input first, so that the fuzzer reaches the checks behind it (shape, size, finite weights); a
// file that passes them must run a forward pass without reading out of bounds.
#include <boost/crc.hpp>
#include <cstring>
#include <string>

#include "engine/network/network_file.h"
#include "engine/network/policy_network.h"

using namespace othello;
using namespace othello::network;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string bytes(reinterpret_cast<const char*>(data), size);
    if (bytes.size() >= kNetworkHeaderBytes) {
        boost::crc_32_type crc;
        crc.process_bytes(bytes.data(), 28);
        crc.process_bytes(bytes.data() + kNetworkHeaderBytes, bytes.size() - kNetworkHeaderBytes);
        const std::uint32_t sum = crc.checksum();
        std::memcpy(bytes.data() + 28, &sum, 4);
    }
    try {
        const PolicyNetwork net(parse_network_file(bytes, "fuzz.bin"));
        std::array<float, 64> logits;
        net.logits(Position::start(), logits, PolicyNetwork::Kernel::Portable);
        net.logits(Position::start(), logits);
    } catch (const NetworkFileError&) {
    }
    return 0;
}
