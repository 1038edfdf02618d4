# fish completion for maxtriage (installed in vendor_completions.d).
# The options of each command come from its --help, which the option
# tables print whole, so this file never goes stale.
set -l cmds stack bucket report run symbolize irdiff help
complete -c maxtriage -f -n "not __fish_seen_subcommand_from $cmds" -a stack -d 'symbolize and classify crash dumps'
complete -c maxtriage -f -n "not __fish_seen_subcommand_from $cmds" -a bucket -d 'triage many dumps, group by fingerprint'
complete -c maxtriage -f -n "not __fish_seen_subcommand_from $cmds" -a report -d 'join a crash with the IR stages'
complete -c maxtriage -f -n "not __fish_seen_subcommand_from $cmds" -a run -d 'run a command with the debug switches on'
complete -c maxtriage -f -n "not __fish_seen_subcommand_from $cmds" -a symbolize -d 'llvm-symbolizer compatible lookups'
complete -c maxtriage -f -n "not __fish_seen_subcommand_from $cmds" -a irdiff -d 'what each lowering stage did'
complete -c maxtriage -f -n "not __fish_seen_subcommand_from $cmds" -a help -d 'help on a command'
complete -c maxtriage -f -n "__fish_seen_subcommand_from help" -a "stack bucket report run symbolize irdiff"
complete -c maxtriage -n "not __fish_seen_subcommand_from $cmds" -l help -d 'show help'
complete -c maxtriage -n "not __fish_seen_subcommand_from $cmds" -l version -d 'show the version'

# --OPTION of the command being completed, read from its --help, offered
# when the word being completed starts with a dash
function __maxtriage_options
	string match -q -- '-*' (commandline -ct); or return
	set -l cmd (commandline -opc)[2]
	maxtriage $cmd --help 2>/dev/null | string match -r -a -g -- '\s(--[a-z][a-z-]*)' | sort -u
end
complete -c maxtriage -n "__fish_seen_subcommand_from $cmds" -a '(__maxtriage_options)'
