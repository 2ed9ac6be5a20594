// Player: how a failed line channel becomes a player's fault.
#include "match/players/player.h"

namespace othello {

PlayerError player_error_from(const ChannelError& e, PlayerFault when_closed) {
    switch (e.failure()) {
        case ChannelFailure::Timeout:
            return PlayerError(PlayerFault::Timeout, e.what());
        case ChannelFailure::Malformed:
            return PlayerError(PlayerFault::Malformed, e.what());
        case ChannelFailure::Closed:
        case ChannelFailure::StartFailed:
            break;
    }
    return PlayerError(when_closed, e.what());
}

}  // namespace othello
