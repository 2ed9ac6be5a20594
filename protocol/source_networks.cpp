// Source networks: masking an address's bytes to each of its prefixes.
#include "protocol/source_networks.h"

#include <algorithm>

namespace othello {

namespace {

namespace ip = boost::asio::ip;

template <typename Bytes>
void keep_prefix(Bytes& bytes, int prefix) {
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const int kept = std::clamp(prefix - static_cast<int>(i) * 8, 0, 8);
        bytes[i] &= static_cast<unsigned char>(0xff00u >> kept);
    }
}

ip::address unmapped(const ip::address& address) {
    if (address.is_v6() && address.to_v6().is_v4_mapped())
        return ip::make_address_v4(ip::v4_mapped, address.to_v6());
    return address;
}

}  // namespace

std::string SourceNetwork::text() const {
    return network.to_string() + "/" + std::to_string(prefix);
}

SourceNetwork network_of(const ip::address& address, int v4_prefix, int v6_prefix) {
    const ip::address source = unmapped(address);
    if (source.is_v4()) {
        auto bytes = source.to_v4().to_bytes();
        keep_prefix(bytes, v4_prefix);
        return {ip::address_v4(bytes), v4_prefix};
    }
    auto bytes = source.to_v6().to_bytes();
    keep_prefix(bytes, v6_prefix);
    return {ip::address_v6(bytes), v6_prefix};
}

std::vector<SourceNetwork> source_networks(const ip::address& address) {
    std::vector<SourceNetwork> networks;
    if (unmapped(address).is_v4()) {
        for (const int prefix : kIpv4Levels) networks.push_back(network_of(address, prefix, 128));
    } else {
        for (const int prefix : kIpv6Levels) networks.push_back(network_of(address, 32, prefix));
    }
    return networks;
}

}  // namespace othello
