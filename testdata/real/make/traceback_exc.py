# An uncaught Python exception: a plain traceback, most recent call last.
def parse(shape):
    return [int(d) for d in shape.split("x")]


def build(spec):
    return parse(spec["shape"])


build({"shape": "4xN"})
