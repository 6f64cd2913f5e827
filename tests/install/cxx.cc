// A C++ program outside the tree, as a game bot in C++ would be: it
// includes the installed qttt.h, links the installed libqttt through
// pkg-config, checks that the library is the header's version, plays
// the last legal action until the game ends, and reads its own record
// back through the line-notation parser.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <qttt.h>

int
main(int argc, char *argv[])
{
	std::string version = std::to_string(QTTT_VERSION_MAJOR) + "." +
	    std::to_string(QTTT_VERSION_MINOR) + "." +
	    std::to_string(QTTT_VERSION_PATCH);

	if (version != QTTT_VERSION ||
	    std::strcmp(qttt_version(), QTTT_VERSION) != 0) {
		std::fprintf(stderr, "cxx: library %s, header %s (%s)\n",
		    qttt_version(), QTTT_VERSION, version.c_str());
		return 1;
	}
	if (argc > 1 && std::strcmp(argv[1], "-V") == 0) {
		std::puts(qttt_version());
		return 0;
	}

	qttt_game g;
	std::vector<qttt_action> acts(QTTT_MAXACTIONS);
	size_t n;

	qttt_game_init(&g);
	while ((n = qttt_state_actions(&g.state, acts.data())) > 0)
		if (qttt_game_play(&g, &acts[n - 1], nullptr) != QTTT_OK)
			return 1;

	std::vector<char> text(QTTT_RECORD_MAX);
	qttt_game_format(&g, text.data(), text.size());

	// The record reads back as the same game.
	static qttt_record rec;
	qttt_game back;
	if (qttt_line_parse(text.data(), std::strlen(text.data()), 0,
	    &rec) != 1 || qttt_record_play(&rec, &back) != 0 ||
	    !qttt_state_equal(&back.state, &g.state)) {
		std::fprintf(stderr, "cxx: %s does not read back\n",
		    text.data());
		return 1;
	}
	std::puts(text.data());
	return 0;
}
