# The allowed edges between the project's libraries and programs (docs/architecture.md draws
# them). A file of X may include headers of X, of the libraries listed for X, and of theirs in
# turn; X may link no other library of the project. source/layering (cmake/check_layering.cmake)
# fails on any include or link these do not allow, and on a library that states no edges.
# Libraries outside the project (Boost, SQLite, nlohmann-json, OpenSSL) are not listed.

# The rules core and the policies (engine/).
set(EDGES_othello_engine "")
set(EDGES_othello_book othello_engine)
set(EDGES_othello_patterns othello_engine)
set(EDGES_othello_network othello_engine othello_patterns)
set(EDGES_othello_search othello_engine)
set(EDGES_othello_policies othello_engine othello_book othello_patterns othello_network)

# The protocols (protocol/): the engine's sessions and transports, and the client side.
set(EDGES_othello_io "")
set(EDGES_othello_process_groups "")
set(EDGES_othello_line_framer "")
set(EDGES_othello_token_secret "")
set(EDGES_othello_protocol othello_policies othello_process_groups othello_line_framer othello_io
  othello_token_secret)
set(EDGES_othello_protocol_client othello_engine othello_process_groups othello_line_framer
  othello_io)

# Offline training (training/).
set(EDGES_othello_training othello_patterns othello_search othello_book othello_network
  othello_policies)

# The match runner (match/), bottom to top: record <- players, run, stats <- config <- results
# <- report <- cli. stats needs only the record; players knows nothing of games; config is what a
# match was asked to do, results what it wrote.
set(EDGES_othello_match_record othello_engine)
set(EDGES_othello_match_players othello_engine othello_policies othello_protocol_client)
set(EDGES_othello_match_run othello_match_record othello_match_players othello_search)
set(EDGES_othello_match_stats othello_match_record)
set(EDGES_othello_match_config othello_match_stats othello_match_run)
set(EDGES_othello_match_results othello_match_config)
set(EDGES_othello_match_report othello_match_results)
set(EDGES_othello_match_cli othello_match_report)
set(EDGES_othello_match othello_match_cli)

# The programs (apps/).
set(EDGES_othello-engine othello_protocol)
set(EDGES_othello-match othello_match)
set(EDGES_othello-book othello_book othello_policies othello_training)
set(EDGES_othello-train othello_training)
set(EDGES_othello-token othello_token_secret othello_engine)
