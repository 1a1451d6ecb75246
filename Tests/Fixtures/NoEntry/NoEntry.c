// A well-formed shared library that lacks the `apphost_feature_entry` symbol.
int no_entry_fixture_answer(void) { return 42; }
