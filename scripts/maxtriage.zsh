#compdef maxtriage
# zsh completion for maxtriage (installed as site-functions/_maxtriage).
# The options of each command come from its --help, which the option
# tables print whole, so this file never goes stale.
_maxtriage() {
	local -a commands opts formats
	commands=(
		'stack:symbolize and classify crash dumps'
		'bucket:triage many dumps and group them by fingerprint'
		'report:join a crash with the IR stages'
		'run:run a command with the debug switches on and triage it'
		'symbolize:llvm-symbolizer compatible lookups'
		'irdiff:what each lowering stage did'
		'help:help on a command'
	)
	if (( CURRENT == 2 )); then
		_describe -t commands 'maxtriage command' commands
		_arguments '--help[show help]' '--version[show the version]'
		return
	fi
	local cmd=${words[2]}
	case ${words[CURRENT-1]} in
	-f|--format)
		formats=(${(s:|:)${(M)${(f)"$(maxtriage $cmd --help 2>/dev/null)"}:#*--format*}//(#b)*\(([a-z|]#)\)*/$match[1]})
		compadd -a formats
		return ;;
	-b|--binary-dir|-d|--debug-dir|--repo|-o|--out|--index-cache)
		_files -/
		return ;;
	esac
	if [[ $cmd == help ]]; then
		compadd stack bucket report run symbolize irdiff
		return
	fi
	if [[ $PREFIX == -* ]]; then
		opts=(${(u)${(M)${(s: :)${(f)"$(maxtriage $cmd --help 2>/dev/null)"}}:#--[a-z-]##}})
		compadd -a opts
		return
	fi
	_files
}
_maxtriage "$@"
