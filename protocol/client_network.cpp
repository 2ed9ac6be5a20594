// Client networks: masking an address's bytes to its prefix.
#include "protocol/client_network.h"

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

}  // namespace

ip::address client_network(const ip::address& address, int v4_prefix, int v6_prefix) {
    if (address.is_v6() && address.to_v6().is_v4_mapped()) {
        return client_network(ip::make_address_v4(ip::v4_mapped, address.to_v6()), v4_prefix,
                              v6_prefix);
    }
    if (address.is_v4()) {
        auto bytes = address.to_v4().to_bytes();
        keep_prefix(bytes, v4_prefix);
        return ip::address_v4(bytes);
    }
    auto bytes = address.to_v6().to_bytes();
    keep_prefix(bytes, v6_prefix);
    return ip::address_v6(bytes);
}

std::string network_text(const ip::address& network, int v4_prefix, int v6_prefix) {
    return network.to_string() + "/" + std::to_string(network.is_v4() ? v4_prefix : v6_prefix);
}

}  // namespace othello
