// The report page's entry point: draws every section, then opens a game or runs the self-test.
drawStatus();
drawSettings();
drawReasons();
drawStandings();
drawPairs();
drawCrosstable();
drawElo();
drawProgress();
drawEloProgress();
drawSprt();
drawViewer();
drawGames();
fillGames();
drawOpenings();
if (location.hash === "#selftest") selfTest();
else if (!openFromHash() && games.length) openGame(games[0], 0, false);
