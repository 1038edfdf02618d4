# gtest_lib.sh - sourced by bench/demangle_gtest.sh and
# bench/addr2line_gtest.sh: builds (cached, with make) googletest +
# googlemock from Debian's sources and some of googlemock's template-heavy
# tests as one shared library.
#
# gtest_lib CXX DIR UNITS: builds DIR/libgtest-gmock.so with CXX -O2 -g
#   from the source files UNITS (relative to $src) and sets lib to it.
gtest_lib() {
	_cxx=$1
	_w=$2
	_units=$3
	mkdir -p "$_w/obj" "$_w/bin"
	_inc="-I$src/googletest/include -I$src/googletest -I$src/googlemock/include -I$src/googlemock"
	{
		printf 'OBJS :='
		for u in $_units; do printf ' obj/%s.o' "$(basename "$u" .cc)"; done
		printf '\nlibgtest-gmock.so: $(OBJS)\n'
		printf '\t%s -shared -o $@ $^ -lpthread\n' "$_cxx"
		for u in $_units; do
			printf 'obj/%s.o: %s\n' "$(basename "$u" .cc)" "$src/$u"
			printf '\t%s -std=c++17 -O2 -g -fPIC %s -c $< -o $@\n' "$_cxx" "$_inc"
		done
	} >"$_w/Makefile"
	make -s -C "$_w" -j"$(nproc)" libgtest-gmock.so
	lib=$_w/libgtest-gmock.so
}
