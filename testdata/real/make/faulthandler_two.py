# A second thread waits on an event while the main thread reads address 0;
# faulthandler prints one section per thread, the crashing one marked
# "Current thread".
import ctypes
import threading

stop = threading.Event()


def idle():
    stop.wait(60)


def crash():
    ctypes.string_at(0)


t = threading.Thread(target=idle, name="idler")
t.start()
crash()
