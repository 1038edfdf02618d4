# bash completion for maxtriage
_maxtriage()
{
	local cur prev cmd
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	cmd=${COMP_WORDS[1]}
	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "stack bucket report run symbolize irdiff help --help --version" -- "$cur"))
		return
	fi
	case $prev in
	-f|--format)
		case $cmd in
		bucket|symbolize) COMPREPLY=($(compgen -W "text json" -- "$cur")) ;;
		*) COMPREPLY=($(compgen -W "text json markdown" -- "$cur")) ;;
		esac
		return ;;
	-b|--binary-dir|-d|--debug-dir|--repo|-o|--out|--index-cache)
		COMPREPLY=($(compgen -d -- "$cur"))
		return ;;
	-r|--rules|--baseline|--write-baseline|-e|--obj|-s|--stack|-i|--ir)
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	help)
		COMPREPLY=($(compgen -W "stack bucket report run symbolize irdiff" -- "$cur"))
		return ;;
	esac
	if [[ $cur == -* ]]; then
		local opts
		# the option tables print every option in --help
		opts=$(maxtriage "$cmd" --help 2>/dev/null | grep -oE -- '--[a-z-]+' | sort -u)
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _maxtriage maxtriage
