// Two Rust panics: unwrap of None, an index past the end.
fn lookup(names: &[&str], i: usize) -> &'static str {
    let v: Vec<&'static str> = vec!["a", "b", "c"];
    let _ = names;
    v[i]
}

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_default();
    if arg == "index" {
        println!("{}", lookup(&[], 7));
    } else {
        let none: Option<u32> = std::env::var("MAXTRIAGE_UNSET").ok().map(|_| 1);
        println!("{}", none.unwrap());
    }
}
