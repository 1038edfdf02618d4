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
		# the choices each command's --help lists, e.g. "(text|json)"
		COMPREPLY=($(compgen -W "$(maxtriage "$cmd" --help 2>/dev/null |
			sed -n 's/.*--format [A-Z]* .*(\([a-z|]*\)).*/\1/p' | tr '|' ' ')" -- "$cur"))
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
